import type { CallRecap } from '@santa/shared/recap';
import type { Diagnosable } from '../diagnosis.ts';

/** Writes the short call summary and the recap in the child's words that parents see. */
export interface SummaryInput {
  /** 'Santa: …' / 'Child: …' lines. */
  transcript: string;
  kidName?: string | null;
  /** The voice agent's own summary, when it sent one (used only when nobody spoke). */
  providerSummary?: string | null;
}

export interface CallSummary {
  /** Two or three sentences for the parent. */
  summary: string;
  /** "What Olivia told Santa": wishes, news, questions and promises in the child's words. */
  recap: CallRecap;
}

export interface Summarizer extends Diagnosable {
  summarize(input: SummaryInput): Promise<CallSummary>;
}
