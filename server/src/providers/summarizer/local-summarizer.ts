import { sandboxFinding, type Finding } from '../diagnosis.ts';
import type { Summarizer, SummaryInput } from './summarizer.ts';

const MAX_CHILD_LINES = 3;
const MAX_LINE_LENGTH = 140;

function shorten(text: string): string {
  return text.length > MAX_LINE_LENGTH ? `${text.slice(0, MAX_LINE_LENGTH - 1).trimEnd()}…` : text;
}

/**
 * No outside service: the voice agent's summary when there is one, else an extractive summary
 * built from the child's longest lines (they carry the wishes and news).
 */
export function summarizeLocally(input: SummaryInput): string {
  const provided = input.providerSummary?.trim();
  if (provided) return provided;
  const lines = input.transcript
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const childLines = lines
    .filter((line) => line.startsWith('Child:'))
    .map((line) => line.slice(6).trim())
    .filter(Boolean);
  const who = input.kidName?.trim() || 'Your child';
  if (lines.length === 0) return 'A short call with Santa.';
  if (childLines.length === 0) return `Santa spoke with ${who}.`;
  const picked = childLines
    .map((text, index) => ({ text, index }))
    .sort((a, b) => b.text.length - a.text.length)
    .slice(0, MAX_CHILD_LINES)
    .sort((a, b) => a.index - b.index)
    .map(({ text }) => `"${shorten(text)}"`);
  return `${who} chatted with Santa and said: ${picked.join(' ')}`;
}

export class LocalSummarizer implements Summarizer {
  readonly isSandbox = true;

  async diagnose(): Promise<Finding[]> {
    return sandboxFinding(
      'Set OPENAI_API_KEY (and OPENAI_MODEL if not gpt-4o-mini) for summaries written by OpenAI.',
    );
  }

  async summarize(input: SummaryInput): Promise<string> {
    return summarizeLocally(input);
  }
}
