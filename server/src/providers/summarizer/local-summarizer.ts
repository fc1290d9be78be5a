import { RECAP_KINDS, shortenAtWord } from '@santa/shared/recap';
import { sandboxFinding, type Finding } from '../diagnosis.ts';
import { childSentences, recapFromChildLines } from './child-lines.ts';
import type { CallSummary, Summarizer, SummaryInput } from './summarizer.ts';

const MAX_QUOTES = 3;
const MAX_QUOTE_LENGTH = 140;

/**
 * No outside service: a summary quoting the child's own lines, and the recap sorted from them.
 * The voice agent's summary is used only when nobody spoke: it reads back the parent's notes
 * (the wish list) rather than what the child said.
 */
export function summarizeLocally(input: SummaryInput): CallSummary {
  const recap = recapFromChildLines(input.transcript);
  const who = input.kidName?.trim() || 'Your child';
  if (!input.transcript.trim()) {
    return { summary: input.providerSummary?.trim() || 'A short call with Santa.', recap };
  }
  // Wishes first, then news, questions and promises: what a parent looks for first.
  const sorted = RECAP_KINDS.flatMap((kind) => recap[kind]);
  const quotes = sorted.slice(0, MAX_QUOTES).map((line) => `“${shortenAtWord(line, MAX_QUOTE_LENGTH)}”`);
  if (quotes.length === 0) {
    const spoke = childSentences(input.transcript).length > 0;
    return { summary: spoke ? `${who} said hello to Santa.` : `Santa spoke with ${who}.`, recap };
  }
  return { summary: `${who} told Santa: ${quotes.join(' ')}`, recap };
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
