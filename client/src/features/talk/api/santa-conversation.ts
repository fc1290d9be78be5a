import type { BrowserCallStarted } from '@santa/shared/calls';
import { api } from '@/lib/api-client';
import { WORKLET_PATHS } from './worklet-paths';

export type SantaMode = 'speaking' | 'listening';

export interface SantaCallHandlers {
  onConnected: () => void;
  /** Each line as it is said: Santa's from the agent's responses, the child's as transcribed. */
  onLine: (line: { who: 'santa' | 'child'; text: string }) => void;
  onMode: (mode: SantaMode) => void;
  onEnded: (reason: string) => void;
  onError: (message: string) => void;
}

export interface SantaCall {
  started: BrowserCallStarted;
  hangUp: () => Promise<void>;
}

/** POST /api/calls/browser: minutes reserved by our server, a one-time signed URL back. */
export const startBrowserCall = () => api.post<BrowserCallStarted>('/calls/browser');

/**
 * Connects to Santa with ElevenLabs' official browser client, in its own chunk (only this page
 * downloads it). What the agent is told comes from our server's answer, as it gave it.
 */
export async function connectToSanta(started: BrowserCallStarted, on: SantaCallHandlers): Promise<SantaCall> {
  const { Conversation } = await import('@elevenlabs/client');
  const conversation = await Conversation.startSession({
    signedUrl: started.signed_url,
    overrides: {
      agent: {
        prompt: { prompt: started.conversation.prompt },
        firstMessage: started.conversation.first_message,
        // English is the agent's own language: no override for it.
        ...(started.conversation.language === 'en' ? {} : { language: started.conversation.language }),
      },
    },
    dynamicVariables: started.conversation.dynamic_variables,
    workletPaths: WORKLET_PATHS,
    onConnect: () => on.onConnected(),
    onMessage: ({ role, message }) => on.onLine({ who: role === 'agent' ? 'santa' : 'child', text: message }),
    onModeChange: ({ mode }) => on.onMode(mode === 'speaking' ? 'speaking' : 'listening'),
    onDisconnect: (details) => on.onEnded(details.reason),
    onError: (message) => on.onError(message),
  });
  return { started, hangUp: () => conversation.endSession() };
}
