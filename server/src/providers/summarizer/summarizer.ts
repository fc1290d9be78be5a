import type { Diagnosable } from '../diagnosis.ts';

/** Writes the short call summary parents see in the call history. */
export interface SummaryInput {
  /** 'Santa: …' / 'Child: …' lines. */
  transcript: string;
  kidName?: string | null;
  /** The voice agent's own summary, when it sent one. */
  providerSummary?: string | null;
}

export interface Summarizer extends Diagnosable {
  summarize(input: SummaryInput): Promise<string>;
}
