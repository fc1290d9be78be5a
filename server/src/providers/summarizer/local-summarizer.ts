import { asQuote, RECAP_KINDS, recapHeadline, type CallRecap, type RecapKind } from '@santa/shared/recap';
import { sandboxFinding, type Finding } from '../diagnosis.ts';
import { childSentences, recapFromChildLines } from './child-lines.ts';
import type { CallSummary, Summarizer, SummaryInput } from './summarizer.ts';

/** "a wish", "2 wishes", "some news": how much of each kind the child told besides the quote. */
const COUNTED: Record<RecapKind, (count: number, besides: boolean) => string> = {
  wishes: (n, besides) =>
    n === 1 ? (besides ? 'another wish' : 'a wish') : `${n} ${besides ? 'more ' : ''}wishes`,
  news: (_n, besides) => (besides ? 'more news' : 'some news'),
  questions: (n, besides) =>
    n === 1 ? (besides ? 'another question' : 'a question') : `${n} ${besides ? 'more ' : ''}questions`,
  promises: (n, besides) =>
    n === 1 ? (besides ? 'another promise' : 'a promise') : `${n} ${besides ? 'more ' : ''}promises`,
};

function joinWords(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * "Olivia told Santa “I want a kitten with white paws”, and some news": the child's fullest line
 * of the first kind they told, in their words, then how much else they said.
 */
function toldSentence(who: string, recap: CallRecap): string | undefined {
  const headline = recapHeadline(recap);
  if (!headline) return undefined;
  const rest = RECAP_KINDS.map((kind) => {
    const count = recap[kind].length - (kind === headline.kind ? 1 : 0);
    return count > 0 ? COUNTED[kind](count, kind === headline.kind) : undefined;
  }).filter((part) => part !== undefined);
  const quote = asQuote(headline.text);
  if (rest.length > 0) return `${who} told Santa “${quote}”, and ${joinWords(rest)}.`;
  // “…a puppy!” ends the sentence already.
  return `${who} told Santa “${quote}”${/[!?]$/.test(quote) ? '' : '.'}`;
}

/**
 * No outside service: the recap quotes the child's own lines, sorted by kind, and the summary
 * leads with the child's fullest line. The voice agent's summary is used only when nobody spoke:
 * it reads back the parent's notes (the wish list) rather than what the child said.
 */
export function summarizeLocally(input: SummaryInput): CallSummary {
  const recap = recapFromChildLines(input.transcript);
  const who = input.kidName?.trim() || 'Your child';
  if (!input.transcript.trim()) {
    return { summary: input.providerSummary?.trim() || 'A short call with Santa.', recap };
  }
  const told = toldSentence(who, recap);
  if (told) return { summary: told, recap };
  const spoke = childSentences(input.transcript).length > 0;
  return { summary: spoke ? `${who} said hello to Santa.` : `Santa spoke with ${who}.`, recap };
}

export class LocalSummarizer implements Summarizer {
  readonly isSandbox = true;

  async diagnose(): Promise<Finding[]> {
    return sandboxFinding(
      'Set OPENAI_API_KEY (and OPENAI_MODEL if not gpt-4o-mini) for summaries written by OpenAI.',
    );
  }

  async summarize(input: SummaryInput): Promise<CallSummary> {
    return summarizeLocally(input);
  }
}
