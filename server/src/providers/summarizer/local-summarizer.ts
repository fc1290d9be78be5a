import { RECAP_KINDS, type RecapKind } from '@santa/shared/recap';
import { sandboxFinding, type Finding } from '../diagnosis.ts';
import { childSentences, recapFromChildLines } from './child-lines.ts';
import type { CallSummary, Summarizer, SummaryInput } from './summarizer.ts';

/** "a wish", "2 wishes", "some news": how much of each kind the child told. */
const COUNTED: Record<RecapKind, (count: number) => string> = {
  wishes: (n) => (n === 1 ? 'a wish' : `${n} wishes`),
  news: () => 'some news',
  questions: (n) => (n === 1 ? 'a question' : `${n} questions`),
  promises: (n) => (n === 1 ? 'a promise' : `${n} promises`),
};

function joinWords(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * No outside service: the recap quotes the child's own lines, sorted by kind, and the summary
 * says what kinds they were (the quotes sit beside it, so it does not repeat them). The voice
 * agent's summary is used only when nobody spoke: it reads back the parent's notes (the wish
 * list) rather than what the child said.
 */
export function summarizeLocally(input: SummaryInput): CallSummary {
  const recap = recapFromChildLines(input.transcript);
  const who = input.kidName?.trim() || 'Your child';
  if (!input.transcript.trim()) {
    return { summary: input.providerSummary?.trim() || 'A short call with Santa.', recap };
  }
  const told = RECAP_KINDS.filter((kind) => recap[kind].length > 0).map((kind) =>
    COUNTED[kind](recap[kind].length),
  );
  if (told.length > 0) return { summary: `${who} told Santa ${joinWords(told)}.`, recap };
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
