import { RECAP_LIMITS, shortenAtWord, type CallRecap, type RecapKind } from '@santa/shared/recap';

/** What the child said, one sentence each, in the order said: the transcript's `Child:` lines. */
export function childSentences(transcript: string): string[] {
  return transcript
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.startsWith('Child:'))
    .flatMap((line) => line.slice('Child:'.length).split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

/** "Hi!", "Yes", "Thank you Santa", "Bye": said, but nothing a parent wants read back. */
const SMALL_TALK =
  /^(?:(?:hi|hello|hey|yes|yeah|yep|no|nope|ok|okay|um+|uh+|thank you|thanks|bye|goodbye|merry christmas|ho ho ho|santa|you too|me too)[\s,.!]*)+$/i;

const QUESTION = /\?\s*$/;
const PROMISE =
  /\b(?:i promise|i will|i'll|i'm going to|i am going to|i'm gonna|we will|we'll|we're going to)\b|\b(?:leave|put out)\b.*\b(?:carrots?|cookies|milk|reindeer|rudolph)\b/i;
const WISH =
  /\b(?:i want|i wish|i'd (?:really )?(?:like|love)|i would (?:really )?(?:like|love)|i'm hoping|i hope (?:i get|to get|for)|can i (?:have|get)|could i (?:have|get)|please bring|bring me|my wish|on my list|for christmas i)\b/i;
/** A wish in the other languages Santa speaks (decision 0036): "quiero…", "je voudrais…", "ich wünsche mir…". */
const WISH_ABROAD =
  /(?:^|[\s¡¿"'])(?:quiero|me gustaría|deseo|je veux|je voudrais|j'aimerais|ich will|ich möchte|ich wünsche mir|voglio|vorrei|desidero|quero|gostaria|eu desejo)(?=[\s,.!?]|$)/i;

function kindOf(sentence: string): RecapKind | undefined {
  if (SMALL_TALK.test(sentence)) return undefined;
  // "Can I have a puppy?" is a wish before it is a question.
  if (WISH.test(sentence) || WISH_ABROAD.test(sentence)) return 'wishes';
  if (PROMISE.test(sentence)) return 'promises';
  if (QUESTION.test(sentence)) return 'questions';
  // News is what the child chose to tell: a sentence, not a one-word answer.
  return sentence.split(' ').length >= 3 ? 'news' : undefined;
}

/**
 * The recap from the child's own sentences, each quoted as said and sorted by kind. Only the
 * child's lines count: Santa reading back the parent's wish list is not what the child said.
 */
export function recapFromChildLines(transcript: string): CallRecap {
  const recap: CallRecap = { wishes: [], news: [], questions: [], promises: [] };
  const seen = new Set<string>();
  for (const sentence of childSentences(transcript)) {
    const kind = kindOf(sentence);
    const key = sentence.toLowerCase();
    if (!kind || seen.has(key) || recap[kind].length >= RECAP_LIMITS.items) continue;
    seen.add(key);
    recap[kind].push(shortenAtWord(sentence, RECAP_LIMITS.itemLength));
  }
  return recap;
}
