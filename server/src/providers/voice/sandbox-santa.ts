import { avoidTopicsFromPrompt, boundaryReply, mentionsAny } from './sandbox-santa-boundaries.ts';
import { isSantaLanguage, type SantaLanguage } from '@santa/shared/languages';
import { localSantaReply } from './sandbox-santa-languages.ts';
import type { TranscriptTurn } from './voice-engine.ts';

/**
 * The voice-agent sandbox's Santa: deterministic, warm lines driven by the personalisation the
 * app gave registerCall. It stands in for the ElevenLabs agent, so it reads the same
 * inputs: the first message, the dynamic variables and, as a fallback, the rendered prompt.
 */
export interface SantaPersonalisation {
  kidName: string | null;
  firstMessage: string;
  wishList: string | null;
  accomplishments: string | null;
  siblings: string[];
  personality: 'traditional' | 'modern' | 'mixed';
  /** The call's hard limit; Santa wraps up before it. Null when the app gave no limit. */
  allowedSeconds: number | null;
  /** What the parent asked Santa never to mention (the prompt's fixed part). */
  avoidTopics: string[];
  language: SantaLanguage; // the child's (decision 0036), as the app registered the call
}

export interface SantaReply {
  message: string;
  /** Santa said goodbye: the call ends after this line. */
  endCall: boolean;
}

/** Santa starts saying goodbye when this little time is left. */
export const WRAP_UP_SECONDS = 15;

const PLACEHOLDER = /\{\{?\s*[a-z_][a-z0-9_]*\s*\}?\}/i;

/** A value the app rendered for us, or null when it is missing or still a raw placeholder. */
function usable(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const text = String(value).trim();
  if (!text || PLACEHOLDER.test(text)) return null;
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}

/** The app words a missing field as a phrase ("none mentioned, so ask…"), never as data. */
const MISSING_PHRASE = /^\(?(none|no notes|n\/a|-|unknown|not (given|provided|shared|known))\b/i;

/** A field the parent filled in: usable, and not the app's wording of an empty one. */
function given(value: unknown): string | null {
  const text = usable(value);
  return text && !MISSING_PHRASE.test(text) ? text : null;
}

function pick(variables: Record<string, unknown>, keys: string[]): string | null {
  for (const key of keys) {
    const value = given(variables[key]);
    if (value) return value;
  }
  return null;
}

/** Reads `Label: value` lines of the rendered prompt when a dynamic variable is missing. */
function fromPrompt(prompt: string, label: RegExp): string | null {
  for (const line of prompt.split(/\r?\n/)) {
    const match = new RegExp(`^[\\s*•-]*(?:${label.source})\\s*[:=–-]\\s*(.+)$`, 'i').exec(line);
    const value = given(match?.[1]);
    if (value) return value;
  }
  return null;
}

const NOT_A_NAME = new Set([
  'brother',
  'sister',
  'brothers',
  'sisters',
  'older',
  'younger',
  'little',
  'big',
  'baby',
  'twin',
  'age',
  'aged',
  'years',
  'year',
  'old',
  'and',
  'the',
  'my',
  'his',
  'her',
  'their',
  'a',
  'an',
]);

/** "Emma (7), little brother Leo and Sam" → Emma, Leo, Sam. */
export function siblingNames(text: string | null): string[] {
  if (!text) return [];
  const names: string[] = [];
  for (const piece of text.replace(/\([^)]*\)/g, ' ').split(/,|;|\/|&|\band\b|\n/i)) {
    const words = piece.match(/\p{L}[\p{L}'-]*/gu) ?? [];
    const name =
      words.find((word) => /^\p{Lu}/u.test(word) && !NOT_A_NAME.has(word.toLowerCase())) ??
      words.find((word) => !NOT_A_NAME.has(word.toLowerCase()));
    if (name && !names.includes(name)) names.push(name);
  }
  return names.slice(0, 4);
}

/**
 * How long the agent may talk, from whichever dynamic variable the script used; seconds first,
 * as the minute figure is rounded down.
 */
export function allowedSecondsFrom(variables: Record<string, unknown>): number | null {
  for (const key of ['allowed_seconds', 'max_duration_seconds']) {
    const seconds = Number(variables[key]);
    if (Number.isFinite(seconds) && seconds > 0) return Math.round(seconds);
  }
  for (const key of ['allowed_minutes', 'minutes_allowed', 'max_minutes', 'call_minutes']) {
    const minutes = Number(variables[key]);
    if (Number.isFinite(minutes) && minutes > 0) return Math.round(minutes * 60);
  }
  return null;
}

export function personalisationFrom(input: {
  prompt: string;
  firstMessage: string;
  dynamicVariables: Record<string, unknown>;
}): SantaPersonalisation {
  const vars = input.dynamicVariables;
  const kidName =
    pick(vars, ['kid_name', 'child_name', 'name']) ?? fromPrompt(input.prompt, /kid'?s? name|child'?s? name/);
  const personality = pick(vars, ['santa_personality', 'personality']);
  const greeting = usable(input.firstMessage);
  const avoidTopics = avoidTopicsFromPrompt(input.prompt);
  // A field that names a no-go topic is left unsaid rather than read out.
  const unless = (text: string | null) => (mentionsAny(text, avoidTopics) ? null : text);
  return {
    kidName,
    firstMessage:
      greeting ??
      (kidName
        ? `Ho ho ho! Hello ${kidName}, it's Santa Claus!`
        : "Ho ho ho! Hello there, it's Santa Claus!"),
    wishList: unless(
      pick(vars, ['wish_list', 'wishlist']) ?? fromPrompt(input.prompt, /wish[ _-]?list|.*wishing for/),
    ),
    accomplishments: unless(
      pick(vars, ['accomplishments']) ?? fromPrompt(input.prompt, /accomplishments?|.*made you proud/),
    ),
    siblings: siblingNames(
      unless(pick(vars, ['siblings']) ?? fromPrompt(input.prompt, /siblings?|brothers and sisters/)),
    ),
    personality: personality === 'modern' || personality === 'mixed' ? personality : 'traditional',
    allowedSeconds: allowedSecondsFrom(vars),
    avoidTopics,
    language: isSantaLanguage(vars.language) ? vars.language : 'en',
  };
}

type Topic = 'wish' | 'accomplishments' | 'siblings';

// Each topic line carries one phrase no other line uses, so the transcript tells what was covered.
const TOPIC_MARKERS: Record<Topic, string> = {
  wish: 'on your wish list',
  accomplishments: 'so proud of you',
  siblings: 'give my love to',
};

function joinNames(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

function cheer(p: SantaPersonalisation): string {
  if (p.personality === 'modern') return 'Awesome!';
  if (p.personality === 'mixed') return 'Ho ho, wonderful!';
  return 'Ho ho ho!';
}

function topicLine(p: SantaPersonalisation, topic: Topic): string | null {
  switch (topic) {
    case 'wish':
      return p.wishList
        ? `Santa has checked what's ${TOPIC_MARKERS.wish}: ${p.wishList}. What would you love most of all this Christmas?`
        : `What is ${TOPIC_MARKERS.wish} this year? Tell Santa everything!`;
    case 'accomplishments':
      return p.accomplishments
        ? `The elves told me all about this: ${p.accomplishments}. I am ${TOPIC_MARKERS.accomplishments}! How did that feel?`
        : null;
    case 'siblings':
      return p.siblings.length > 0
        ? `Please ${TOPIC_MARKERS.siblings} ${joinNames(p.siblings)}. Do you help each other at home?`
        : null;
  }
}

/** The first topic not yet covered, skipping the one this very reply already covers. */
function nextTopic(p: SantaPersonalisation, history: TranscriptTurn[], coveredNow?: Topic): string | null {
  const said = history
    .filter((turn) => turn.role === 'agent')
    .map((turn) => turn.message)
    .join('\n');
  for (const topic of ['wish', 'accomplishments', 'siblings'] as const) {
    if (topic === coveredNow || said.includes(TOPIC_MARKERS[topic])) continue;
    const line = topicLine(p, topic);
    if (line) return line;
  }
  return null;
}

const GOODBYE = /\b(good ?bye|bye|gotta go|got to go|have to go|see you|hang up)\b/i;
const WISH = /\b(wish|want|gift|gifts|present|presents|toy|toys|christmas list|bike|doll|lego|game)\b/i;
const SCHOOL = /\b(school|teacher|class|homework|read|reading|math|learn|learned|grade|test)\b/i;

export function goodbyeLine(p: SantaPersonalisation): string {
  const name = p.kidName ? `, ${p.kidName}` : '';
  return `Santa has to get back to the workshop now${name}. Be kind, sleep well, and Merry Christmas! Goodbye!`;
}

/** Santa's own goodbye when the call's time is nearly up. */
export function wrapUpLine(p: SantaPersonalisation): string {
  return `Oh my, the reindeer are calling me! ${goodbyeLine(p)}`;
}

/**
 * Santa's answer to what the child just said. `history` is the transcript so far (without this
 * line); `elapsedSeconds` is the time in call, so Santa wraps up before the deadline.
 */
export function santaReply(
  p: SantaPersonalisation,
  history: TranscriptTurn[],
  childSaid: string,
  elapsedSeconds: number,
): SantaReply {
  const text = childSaid.trim();
  const timeIsShort = p.allowedSeconds !== null && p.allowedSeconds - elapsedSeconds <= WRAP_UP_SECONDS;
  const local = localSantaReply(p.language, p, text, timeIsShort);
  if (local) return local;
  if (timeIsShort) {
    return { message: wrapUpLine(p), endCall: true };
  }
  if (GOODBYE.test(text))
    return { message: `It was so lovely to talk with you! ${goodbyeLine(p)}`, endCall: true };
  const next = nextTopic(p, history);
  const then = next ?? 'What else is making you happy this Christmas?';
  const boundary = boundaryReply(text, p.avoidTopics, then);
  if (boundary) return { message: boundary, endCall: false };
  const sibling = p.siblings.find((name) => new RegExp(`\\b${name}\\b`, 'i').test(text));
  if (sibling) {
    return {
      message: `${sibling}! Santa knows ${sibling} too. Give ${sibling} a big hug from me. ${then}`,
      endCall: false,
    };
  }
  if (WISH.test(text)) {
    const known = p.wishList ? ` I have your list written down: ${p.wishList}.` : '';
    const after = nextTopic(p, history, 'wish') ?? 'Is there anything else you would like to tell Santa?';
    // The fixed rules: no promise beyond what the parents give, so a wish is only written down.
    return {
      message: `${cheer(p)} What a wonderful wish!${known} Santa can't promise, but the elves will see what they can do. ${after}`,
      endCall: false,
    };
  }
  if (SCHOOL.test(text)) {
    const praise = p.accomplishments
      ? ` And the elves told me: ${p.accomplishments}. I am ${TOPIC_MARKERS.accomplishments}!`
      : ' Learning new things is a kind of magic!';
    const after =
      nextTopic(p, history, p.accomplishments ? 'accomplishments' : undefined) ??
      'What is your favourite thing to do at school?';
    return { message: `${cheer(p)} School sounds exciting.${praise} ${after}`, endCall: false };
  }
  return { message: `${cheer(p)} Thank you for telling Santa. ${then}`, endCall: false };
}

/** What ElevenLabs' analysis.transcript_summary would say, in Santa's words. */
export function summarise(
  p: SantaPersonalisation,
  transcript: TranscriptTurn[],
  durationSeconds: number,
): string {
  const said = transcript
    .filter((turn) => turn.role === 'agent')
    .map((turn) => turn.message)
    .join('\n');
  const child = p.kidName ?? 'the child';
  const parts: string[] = [];
  if (said.includes(TOPIC_MARKERS.wish) || (p.wishList && said.includes(p.wishList))) {
    parts.push(p.wishList ? `the wish list (${p.wishList})` : 'the wish list');
  }
  if (said.includes(TOPIC_MARKERS.accomplishments)) parts.push('how proud Santa is of their accomplishments');
  if (said.includes(TOPIC_MARKERS.siblings) && p.siblings.length > 0)
    parts.push(`sending love to ${joinNames(p.siblings)}`);
  const topics = parts.length > 0 ? ` about ${joinNames(parts)}` : '';
  const childTurns = transcript.filter((turn) => turn.role === 'user').length;
  return `Santa talked with ${child} for ${durationSeconds} seconds${topics}. ${child === 'the child' ? 'The child' : child} spoke ${childTurns} time${childTurns === 1 ? '' : 's'}.`;
}
