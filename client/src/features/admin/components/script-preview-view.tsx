import type { NextCallOutcome, ScriptPreview } from '@santa/shared/script-preview';
import { LANGUAGE_NAMES } from '@santa/shared/languages';
import { callTimeText } from '@santa/shared/subscription';

/** What a real call would meet before the script, were the family to call now. */
export function nextCallText(outcome: NextCallOutcome, allowedSeconds: number): string {
  if (outcome === 'no_consent')
    return 'This family has not agreed to the current privacy notice: a call now would hear a kind message instead of Santa.';
  if (outcome === 'no_call_time')
    return `This family has no call time left: a call now would hear that instead of Santa. The script is shown with their plan’s longest call (${callTimeText(allowedSeconds)}).`;
  return `Santa would answer a call now, for at most ${callTimeText(allowedSeconds)}.`;
}

/** The prompt and first message exactly as the voice agent would get them (the family's words hidden). */
export function ScriptPreviewView({ preview }: { preview: ScriptPreview }) {
  const children = preview.children === 1 ? '1 child' : `${preview.children} children`;
  return (
    <div className="flex flex-col gap-4" data-testid="script-preview">
      <p className="rounded-xl border border-gray-200 bg-gray-50 p-3 text-sm text-ink" role="status">
        {nextCallText(preview.next_call, preview.allowed_seconds)}
      </p>
      <p className="text-sm text-gray-700">
        {LANGUAGE_NAMES[preview.language]} · {children}
        {preview.from_draft ? ' · from your unsaved draft' : ' · from the saved script'}
      </p>
      <section className="flex flex-col gap-1.5" aria-labelledby="preview-first-message">
        <h3 id="preview-first-message" className="text-sm font-semibold text-ink">
          First message
        </h3>
        <blockquote className="rounded-xl bg-santa-50 p-3 text-ink" data-testid="preview-first-message">
          {preview.first_message}
        </blockquote>
      </section>
      <section className="flex flex-col gap-1.5" aria-labelledby="preview-prompt">
        <h3 id="preview-prompt" className="text-sm font-semibold text-ink">
          Prompt
        </h3>
        <pre
          className="max-h-[32rem] overflow-y-auto rounded-xl border border-gray-200 bg-white p-3 font-mono text-sm leading-relaxed break-words whitespace-pre-wrap text-ink"
          data-testid="preview-prompt"
          tabIndex={0}
        >
          {preview.prompt}
        </pre>
      </section>
    </div>
  );
}
