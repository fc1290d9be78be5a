import { SAFETY_BANNER_TITLE, SAFETY_REASON_TEXT, type CallSafety } from '@santa/shared/safety';

/** Lines quoted per reason: enough to find the moment, never a wall of text. */
const MAX_QUOTED_LINES = 3;

/**
 * A calm note on a call the safety read flagged. The server keeps only the reasons and line
 * numbers; the words are quoted here from the transcript the parent already has.
 */
export function CallSafetyBanner({ safety, transcript }: { safety: CallSafety; transcript: string }) {
  if (!safety.flagged || safety.findings.length === 0) return null;
  const lines = transcript.split('\n');
  return (
    <section
      aria-label={SAFETY_BANNER_TITLE}
      className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-950"
    >
      <h4 className="font-semibold">{SAFETY_BANNER_TITLE}</h4>
      <ul className="mt-2 flex flex-col gap-3">
        {safety.findings.map((finding) => {
          const quoted = finding.lines
            .map((number) => ({ number, text: lines[number - 1]?.trim() }))
            .filter((line): line is { number: number; text: string } => !!line.text)
            .slice(0, MAX_QUOTED_LINES);
          return (
            <li key={finding.reason} className="text-sm">
              <p>{SAFETY_REASON_TEXT[finding.reason]}</p>
              {quoted.length > 0 ? (
                <ul className="mt-1 flex flex-col gap-1">
                  {quoted.map((line) => (
                    <li key={line.number}>
                      <blockquote className="border-l-2 border-amber-300 pl-3 text-gray-800 italic">
                        <span className="text-xs not-italic text-gray-600">Line {line.number}: </span>
                        {line.text}
                      </blockquote>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-sm">
        You know your child best. If something here worries you, a gentle chat usually helps; if anyone is in
        danger, call your local emergency number.
      </p>
    </section>
  );
}
