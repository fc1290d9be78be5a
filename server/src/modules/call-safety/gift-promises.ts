import { FILLER_WORDS } from './screen-rules.ts';

/**
 * Santa may hint at the gifts the parent said they are giving, and promise nothing else. A
 * promise here is Santa saying he, the elves or the child "will" bring, give or get something;
 * it breaks the rule when the thing it names is not among the parent's gifts.
 */
const PROMISES = [
  /\b(?:i|santa|the\s+elves|we|my\s+elves)(?:'ll|\s+will|\s+am\s+going\s+to|'m\s+going\s+to|\s+are\s+going\s+to)\s+(?:definitely\s+|surely\s+|certainly\s+|absolutely\s+)?(?:bring|deliver|give|make|get|leave|put|send)\s+(?:you\s+|for\s+you\s+)?([^.!?]*)/gi,
  /\byou(?:'ll|\s+will|\s+are\s+going\s+to|'re\s+going\s+to)\s+(?:definitely\s+|surely\s+|certainly\s+)?(?:get|have|find|receive|unwrap|open)\s+([^.!?]*)/gi,
  /\bi\s+promise\b[^.!?]*?\b(?:bring|give|get|deliver)\s+(?:you\s+)?([^.!?]*)/gi,
];

/** Words that name no particular gift: a promise of "a lovely surprise" promises nothing. */
const NOT_A_GIFT = new Set([
  'present',
  'gift',
  'surprise',
  'something',
  'special',
  'lovely',
  'wonderful',
  'nice',
  'little',
  'big',
  'very',
  'really',
  'lot',
  'lots',
  'many',
  'some',
  'this',
  'that',
  'these',
  'year',
  'christmas',
  'morning',
  'tree',
  'under',
  'stocking',
  'magic',
  'magical',
  'extra',
  'very',
  'there',
  'day',
  'eve',
]);

/** "Give your love to Leo", "get back to the workshop", "make sure": no gift in sight. */
const NOT_A_GIFT_PHRASE =
  /^(?:(?:your|my|all\s+my)\s+(?:love|hugs?|best|regards|kisses|wishes)|a\s+(?:hug|kiss|wave|note)|back\b|ready\b|sure\b|going\b|home\b|some\s+rest|busy\b|a\s+(?:big\s+)?ho\s+ho)/i;

/** A word as both sides spell it: lower case, plurals folded ("puppies" is "puppy"). */
export function wordKey(word: string): string {
  const lower = word.toLowerCase();
  if (lower.length > 4 && lower.endsWith('ies')) return `${lower.slice(0, -3)}y`;
  if (lower.length > 3 && lower.endsWith('s') && !lower.endsWith('ss')) return lower.slice(0, -1);
  return lower;
}

/** The words of a phrase that could name a thing. */
export function contentWords(text: string): string[] {
  return (text.match(/\p{L}[\p{L}'-]*/gu) ?? [])
    .map(wordKey)
    .filter((word) => word.length >= 3 && !FILLER_WORDS.has(word));
}

/**
 * True when Santa's line promises a gift the parent did not list. A promise that names a word of
 * the parent's gifts ("you'll find a red bike") is the hint the rules allow.
 */
export function promisesUnlistedGift(santaLine: string, giftsGiving: string | null): boolean {
  const giftWords = new Set(contentWords(giftsGiving ?? ''));
  for (const pattern of PROMISES) {
    for (const match of santaLine.matchAll(pattern)) {
      const object = (match[1] ?? '').trim();
      if (!object || NOT_A_GIFT_PHRASE.test(object)) continue;
      const named = contentWords(object).filter((word) => !NOT_A_GIFT.has(word));
      if (named.length === 0) continue;
      if (!named.some((word) => giftWords.has(word))) return true;
    }
  }
  return false;
}

/** True when Santa's line names a topic the parent asked him not to mention (all its words). */
export function mentionsTopic(santaLine: string, topic: string): boolean {
  const wanted = contentWords(topic);
  if (wanted.length === 0) return false;
  const said = new Set(contentWords(santaLine));
  return wanted.every((word) => said.has(word));
}
