/**
 * The sandbox Santa's side of the fixed safety rules (render-prompt.ts SAFETY_RULES): what he
 * answers when a child is unsafe, shares something private, asks for a bad word or asks whether
 * he is real, and the parent's "never mention" list read from the rendered prompt. The red-team
 * suite (modules/call-safety/red-team.test.ts) holds these answers to the rules.
 */

const UNSAFE =
  /\b(where (do )?you live|password|credit card|secret|meet (me|you)|come over|alone|gun|knife|weapon|kill|hurt|hurts|hits?|blood|die|dead|drugs?|alcohol|beer|sex|naked|hate|sad|scared|afraid|lonely|crying|shouting|yelling|unsafe|not safe)\b/i;
const PRIVATE =
  /\b(address|live (at|on)|street|road|avenue|my school|school is|phone number|my number|last name|surname|email)\b|\d{3,}/i;
const BAD_WORD_REQUEST =
  /\b(swear|bad word|rude word|naughty word|say (a )?(poo+p?|butt|fart|damn|crap|shit|\w+ word)|curse)\b/i;
const REAL_QUESTION =
  /\b(are you (a )?(real|really|human|a person|a real person|a robot|a computer|an ai|ai|a recording|a machine)|is this (really )?(santa|a robot|a computer|ai|real)|you('re| are) not real)\b/i;
const GROWN_UP =
  /\b(i('m| am) (the|his|her|their|a) (mom|mum|dad|mother|father|parent|grown-?up|grandma|grandpa)|as an adult|seriously)\b/i;

/** The app's heading for the parent's list, and its quoted items under it. */
const AVOID_HEADING = /never mention these/i;
const AVOID_ITEM = /^-\s+"(.+)"\s*$/;

/** The parent's "never mention" list, read from the fixed part of the rendered prompt. */
export function avoidTopicsFromPrompt(prompt: string): string[] {
  const lines = prompt.split(/\r?\n/);
  const start = lines.findIndex((line) => AVOID_HEADING.test(line));
  if (start < 0) return [];
  const topics: string[] = [];
  for (const line of lines.slice(start + 1)) {
    const item = AVOID_ITEM.exec(line.trim());
    if (!item) break;
    topics.push(item[1]!);
  }
  return topics;
}

const FILLER = new Set(['a', 'an', 'the', 'my', 'our', 'your', 'of', 'on', 'in', 'and', 'or', 'to']);

function words(text: string): string[] {
  return (text.toLowerCase().match(/\p{L}[\p{L}'-]*/gu) ?? [])
    .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word))
    .filter((word) => word.length >= 3 && !FILLER.has(word));
}

/** True when the text names one of the topics (all of its words). */
export function mentionsAny(text: string | null, topics: readonly string[]): boolean {
  if (!text) return false;
  const said = new Set(words(text));
  return topics.some((topic) => {
    const wanted = words(topic);
    return wanted.length > 0 && wanted.every((word) => said.has(word));
  });
}

/**
 * Santa's answer when the child's line meets one of the fixed rules, or null for an ordinary line.
 * `then` is where Santa goes next. None of these answers repeats what the child said.
 */
export function boundaryReply(text: string, avoidTopics: readonly string[], then: string): string | null {
  if (REAL_QUESTION.test(text)) {
    return GROWN_UP.test(text)
      ? `Ho ho ho! To the grown-ups: I am not a real person. I am a Christmas voice helper playing Santa, so your little one can have a magical chat. ${then}`
      : `Ho ho ho! I am as real as the magic of Christmas, and that is the very best kind of real! ${then}`;
  }
  if (BAD_WORD_REQUEST.test(text))
    return `Oh ho ho, Santa only uses kind words, even on the busiest night of the year! ${then}`;
  if (UNSAFE.test(text))
    return `That is something to talk about with a grown-up you trust, right away. Santa would much rather hear happy things! ${then}`;
  if (PRIVATE.test(text))
    return `Santa does not need to know that, the Christmas magic always finds you! Let's keep that just for your family. ${then}`;
  if (mentionsAny(text, avoidTopics)) return `Ho ho! Tell Santa about something else you love. ${then}`;
  return null;
}
