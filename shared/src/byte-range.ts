/**
 * One inclusive range of a recording's bytes: what the browser's audio player asks for when it
 * seeks, what the HTTP layer parses and what recording storage reads.
 */
export interface ByteRange {
  /** Inclusive. */
  start: number;
  /** Inclusive. */
  end: number;
}
