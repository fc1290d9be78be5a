export type Speaker = 'santa' | 'child';

/** One line of a stored transcript, numbered as the parent's copy is (1-based). */
export interface TranscriptLine {
  line: number;
  speaker: Speaker;
  /** The words, without the "Santa:" / "Child:" label. */
  text: string;
}

const LABEL = /^(Santa|Child):\s?(.*)$/;

/**
 * The stored transcript ("Santa: …" / "Child: …", post-call-events.ts formatTranscript) as
 * numbered lines. A turn that held a line break goes on under its speaker's label; numbers count
 * every line of the text, so the parent's client finds the same line by splitting on '\n'.
 */
export function transcriptLines(transcript: string): TranscriptLine[] {
  const lines: TranscriptLine[] = [];
  let speaker: Speaker | undefined;
  transcript.split('\n').forEach((raw, index) => {
    const labelled = LABEL.exec(raw);
    if (labelled) speaker = labelled[1] === 'Santa' ? 'santa' : 'child';
    const text = (labelled ? labelled[2]! : raw).trim();
    if (speaker && text) lines.push({ line: index + 1, speaker, text });
  });
  return lines;
}
