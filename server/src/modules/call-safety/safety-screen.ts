import type { SafetyFinding, SafetyReason } from '@santa/shared/safety';
import { SAFETY_REASONS } from '@santa/shared/safety';
import type { LineModeration, ModerationCategory } from '../../providers/moderation/moderation.ts';
import { mentionsTopic, promisesUnlistedGift } from './gift-promises.ts';
import { SCREEN_RULES } from './screen-rules.ts';
import { transcriptLines, type Speaker, type TranscriptLine } from './transcript-lines.ts';

/** What the parent set up for the call, which Santa's lines are held to. */
export interface ScreenContext {
  giftsGiving: string | null;
  avoidTopics: readonly string[];
}

/**
 * The local rule-based screen. It answers reason codes and line numbers only: nothing it returns
 * holds the words, so its result can be stored and logged.
 */
export function screenTranscript(transcript: string, context: ScreenContext): SafetyFinding[] {
  const found = new Map<SafetyReason, Set<number>>();
  const note = (reason: SafetyReason, line: number) => {
    const lines = found.get(reason) ?? new Set<number>();
    lines.add(line);
    found.set(reason, lines);
  };
  for (const line of transcriptLines(transcript)) {
    for (const rule of SCREEN_RULES) {
      if (rule.speaker !== 'either' && rule.speaker !== line.speaker) continue;
      if (rule.patterns.some((pattern) => pattern.test(line.text))) note(rule.reason, line.line);
    }
    if (line.speaker !== 'santa') continue;
    if (promisesUnlistedGift(line.text, context.giftsGiving)) note('santa_promised_gift', line.line);
    if (context.avoidTopics.some((topic) => mentionsTopic(line.text, topic)))
      note('santa_mentioned_avoided_topic', line.line);
  }
  return ordered(found);
}

/** What a moderation category means, said by the child or by Santa. */
function reasonFor(category: ModerationCategory, speaker: Speaker): SafetyReason | undefined {
  if (speaker === 'santa') {
    if (category === 'harassment' || category === 'hate') return 'santa_bad_language';
    return 'adult_topic';
  }
  switch (category) {
    case 'self_harm':
      return 'child_self_harm';
    case 'violence':
      return 'child_hurt_or_unsafe';
    case 'sexual':
    case 'sexual_minors':
    case 'illicit':
      return 'adult_topic';
    // A child's "I hate broccoli" is no one's business.
    case 'harassment':
    case 'hate':
      return undefined;
  }
}

/** The lines a moderation service was asked about: every line, in transcript order. */
export function linesForModeration(transcript: string): TranscriptLine[] {
  return transcriptLines(transcript);
}

/** Adds a moderation service's verdicts (one per line of linesForModeration) to the findings. */
export function withModeration(
  findings: SafetyFinding[],
  lines: TranscriptLine[],
  verdicts: LineModeration[],
): SafetyFinding[] {
  const found = new Map<SafetyReason, Set<number>>(
    findings.map((finding) => [finding.reason, new Set(finding.lines)]),
  );
  verdicts.forEach((verdict, index) => {
    const line = lines[index];
    if (!line || !verdict.flagged) return;
    for (const category of verdict.categories) {
      const reason = reasonFor(category, line.speaker);
      if (!reason) continue;
      const set = found.get(reason) ?? new Set<number>();
      set.add(line.line);
      found.set(reason, set);
    }
  });
  return ordered(found);
}

/** Reasons in their fixed order, lines ascending: the same call always reads the same. */
function ordered(found: Map<SafetyReason, Set<number>>): SafetyFinding[] {
  return SAFETY_REASONS.filter((reason) => found.has(reason)).map((reason) => ({
    reason,
    lines: [...found.get(reason)!].sort((a, b) => a - b),
  }));
}
