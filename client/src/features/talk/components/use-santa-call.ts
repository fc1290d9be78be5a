import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, requestErrorMessage } from '@/lib/api-client';
import { connectToSanta, startBrowserCall, type SantaCall, type SantaMode } from '../api/santa-conversation';

export type CallPhase =
  | { name: 'ready' }
  | { name: 'connecting' }
  | { name: 'live' }
  | { name: 'ended' }
  | { name: 'microphone-blocked' }
  | { name: 'refused'; message: string; noTimeLeft: boolean };

export interface Caption {
  who: 'santa' | 'child';
  text: string;
}

/** The microphone is asked for from the tap itself, so the browser's prompt follows the parent's intent. */
async function microphoneAllowed(): Promise<boolean> {
  try {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    stream.getTracks().forEach((track) => track.stop());
    return true;
  } catch {
    return false;
  }
}

/** Keeps a phone's screen on while the child talks; browsers without it just dim as usual. */
async function keepScreenAwake(): Promise<{ release: () => Promise<void> } | null> {
  try {
    return (await navigator.wakeLock?.request('screen')) ?? null;
  } catch {
    return null;
  }
}

/** One browser call from the tap to Santa's goodbye: phase, captions, Santa's mode, time left. */
export function useSantaCall() {
  const [phase, setPhase] = useState<CallPhase>({ name: 'ready' });
  const [captions, setCaptions] = useState<Caption[]>([]);
  const [mode, setMode] = useState<SantaMode>('listening');
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const call = useRef<SantaCall | null>(null);
  const wake = useRef<{ release: () => Promise<void> } | null>(null);

  const finish = useCallback(() => {
    call.current = null;
    void wake.current?.release().catch(() => undefined);
    wake.current = null;
    setPhase((current) =>
      current.name === 'live' || current.name === 'connecting' ? { name: 'ended' } : current,
    );
  }, []);

  const start = useCallback(async () => {
    setPhase({ name: 'connecting' });
    setCaptions([]);
    if (!(await microphoneAllowed())) return setPhase({ name: 'microphone-blocked' });
    try {
      const started = await startBrowserCall();
      call.current = await connectToSanta(started, {
        onConnected: () => {
          setStartedAt(Date.now());
          setPhase({ name: 'live' });
          setSecondsLeft(started.allowed_seconds);
        },
        onLine: (line) => setCaptions((lines) => [...lines, line]),
        onMode: setMode,
        onEnded: finish,
        onError: () => undefined,
      });
      wake.current = await keepScreenAwake();
    } catch (error) {
      const noTimeLeft =
        error instanceof ApiError && error.status === 409 && /no call time/i.test(error.detail ?? '');
      setPhase({ name: 'refused', message: requestErrorMessage(error), noTimeLeft });
    }
  }, [finish]);

  const hangUp = useCallback(async () => {
    await call.current?.hangUp();
    finish();
  }, [finish]);

  // The page keeps the call to the time our server allowed (the agent stops it there too).
  useEffect(() => {
    if (phase.name !== 'live' || secondsLeft === null) return;
    const tick = setTimeout(() => {
      if (secondsLeft <= 1) void hangUp();
      setSecondsLeft(Math.max(0, secondsLeft - 1));
    }, 1000);
    return () => clearTimeout(tick);
  }, [phase.name, secondsLeft, hangUp]);

  // Leaving the page hangs up, so a call never runs on unseen.
  useEffect(() => () => void call.current?.hangUp(), []);

  return { phase, captions, mode, secondsLeft, startedAt, start, hangUp };
}
