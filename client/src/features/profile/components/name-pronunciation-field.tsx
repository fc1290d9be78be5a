import { useEffect, useId, useRef, useState } from 'react';
import { NAME_PRONUNCIATION_LABEL, NAME_PRONUNCIATION_LIMIT } from '@santa/shared/santa';
import { Button } from '@/components/ui/button';
import { describedBy, FieldError } from '@/components/ui/field-parts';
import { requestErrorMessage } from '@/lib/api-client';
import { fetchPronunciationPreview } from '../api/pronunciation-preview';

interface NamePronunciationFieldProps {
  kidName: string;
  value: string;
  onChange: (value: string) => void;
  /** The spelling's own problem (the form's check), shown and announced at the field. */
  error?: string;
  inputRef?: (element: HTMLInputElement | null) => void;
  className?: string;
}

type Status =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'said'; text: string }
  | { kind: 'error'; message: string };

const NO_SPEECH =
  'This browser cannot speak the preview. Try another browser, or read the spelling aloud: that is how Santa will say it.';

/** The sandbox's stand-in for Santa's voice: the browser's own speech, pitched low and unhurried. */
function speakInBrowser(text: string): boolean {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return false;
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.pitch = 0.6;
  utterance.rate = 0.85;
  window.speechSynthesis.cancel();
  window.speechSynthesis.speak(utterance);
  return true;
}

/**
 * "How do you say it?": the child's name spelled as it sounds, and a button that lets the parent
 * hear Santa say it before the child does.
 */
export function NamePronunciationField({
  kidName,
  value,
  onChange,
  error,
  inputRef,
  className = '',
}: NamePronunciationFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const audioUrl = useRef<string | null>(null);

  useEffect(
    () => () => {
      if (audioUrl.current) URL.revokeObjectURL(audioUrl.current);
    },
    [],
  );

  async function preview() {
    if (!kidName.trim()) {
      setStatus({ kind: 'error', message: 'Type your child’s name first, then hear how Santa says it.' });
      return;
    }
    setStatus({ kind: 'loading' });
    try {
      const result = await fetchPronunciationPreview({ kid_name: kidName, name_pronunciation: value });
      if (result.kind === 'audio') {
        if (audioUrl.current) URL.revokeObjectURL(audioUrl.current);
        audioUrl.current = URL.createObjectURL(result.audio);
        await new Audio(audioUrl.current).play();
        setStatus({ kind: 'said', text: 'Santa said the name in his own voice.' });
      } else if (speakInBrowser(result.text)) {
        setStatus({ kind: 'said', text: `Santa says: “${result.text}” (a stand-in voice in this demo)` });
      } else {
        setStatus({ kind: 'error', message: NO_SPEECH });
      }
    } catch (error) {
      setStatus({ kind: 'error', message: requestErrorMessage(error) });
    }
  }

  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={inputId} className="text-sm font-semibold text-ink">
        {NAME_PRONUNCIATION_LABEL} <span className="font-normal text-gray-600">(optional)</span>
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-stretch">
        <input
          ref={inputRef}
          id={inputId}
          name="name_pronunciation"
          autoComplete="off"
          spellCheck={false}
          maxLength={NAME_PRONUNCIATION_LIMIT}
          placeholder="e.g. oh-LIV-ee-uh"
          aria-describedby={describedBy(!!error && errorId, hintId)}
          aria-invalid={error || status.kind === 'error' ? true : undefined}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          className="min-h-11 w-full rounded-xl border border-gray-300 bg-white px-4 py-2.5 text-base text-ink placeholder:text-gray-500 focus:border-santa-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-santa-600"
        />
        <Button
          variant="outline"
          onClick={() => void preview()}
          disabled={status.kind === 'loading'}
          aria-busy={status.kind === 'loading'}
          className="min-h-11 shrink-0"
        >
          <svg
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
            className="h-5 w-5"
            aria-hidden="true"
            focusable="false"
          >
            <path d="M11 5 6 9H3v6h3l5 4z" />
            <path d="M15.5 8.5a5 5 0 0 1 0 7M18.5 5.5a9 9 0 0 1 0 13" />
          </svg>
          {status.kind === 'loading' ? 'Santa is practising…' : 'Hear how Santa says it'}
        </Button>
      </div>
      <FieldError id={errorId} message={error} />
      <p id={hintId} className="flex justify-between gap-3 text-sm text-gray-600">
        <span>Spell the name the way it sounds, capitals for the loud part. Santa will say it this way.</span>
        <span aria-hidden="true" className="shrink-0 tabular-nums">
          {value.length}/{NAME_PRONUNCIATION_LIMIT}
        </span>
      </p>
      <p
        role="status"
        aria-live="polite"
        className={status.kind === 'error' ? 'text-sm font-semibold text-santa-700' : 'text-sm text-pine-700'}
      >
        {status.kind === 'said' ? status.text : status.kind === 'error' ? status.message : ''}
      </p>
    </div>
  );
}
