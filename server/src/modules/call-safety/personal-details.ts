import { PERSONAL_DETAILS } from './screen-rules.ts';

/** A line's speaker ("Child: ", "Santa: ") and what was said. */
const LINE = /^(\w+:\s*)(.*)$/;

function sharesPersonalDetails(sentence: string): boolean {
  return PERSONAL_DETAILS.some((pattern) => pattern.test(sentence));
}

/**
 * The transcript without the sentences that give away where the child lives or goes to school, a
 * number, a surname or an email. The summary and its recap are written from this: the recap is
 * emailed, shared by link, printed on the certificate and read back by Santa on the next call
 * (his memory); the parent still reads such a line in the stored transcript and the safety note.
 */
export function withoutPersonalDetails(transcript: string): string {
  return transcript
    .split('\n')
    .map((line) => {
      const [, speaker = '', said = line] = LINE.exec(line) ?? [];
      const kept = said.split(/(?<=[.!?])\s+/).filter((sentence) => !sharesPersonalDetails(sentence));
      return kept.length > 0 ? `${speaker}${kept.join(' ')}` : '';
    })
    .filter(Boolean)
    .join('\n');
}
