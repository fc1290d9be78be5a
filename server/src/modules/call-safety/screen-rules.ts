import type { SafetyReason } from '@santa/shared/safety';
import type { Speaker } from './transcript-lines.ts';

/**
 * The local screen's patterns, one list per reason. They are deliberately broad: a note the
 * parent reads and dismisses costs little, a missed disclosure costs a lot. Each list is run by
 * the red-team suite (red-team.test.ts), so a change here is checked against its cases.
 */
export interface ScreenRule {
  reason: SafetyReason;
  speaker: Speaker | 'either';
  patterns: RegExp[];
}

const STREET =
  /\b\d{1,5}\s+(?:[a-z]+\s){0,3}(?:street|st|road|rd|avenue|ave|lane|ln|drive|dr|court|ct|boulevard|blvd|way|close|crescent|place|terrace)\b/i;
const PHONE_DIGITS = /(?:\+?\d[\s().-]{0,2}){7,}/;

/** Where a child lives or goes to school, a number, a surname, an email: never read back. */
export const PERSONAL_DETAILS: RegExp[] = [
  STREET,
  /\b(?:my|our)\s+address\b/i,
  /\b(?:i|we)\s+live\s+(?:at|on)\s+(?:number\s+)?\d/i,
  /\b(?:i|we)\s+live\s+on\s+[a-z]+\s+(?:street|road|avenue|lane|drive)\b/i,
  /\b(?:my\s+school\s+is|i\s+go\s+to|my\s+school'?s?\s+(?:called|named))\s+[a-z'.]+(?:\s+[a-z'.]+){0,3}\s+(?:school|elementary|primary|academy)\b/i,
  /\bmy\s+(?:school|teacher)\s+is\s+(?:called|named)\b/i,
  /\bmy\s+(?:phone\s+number|number|mobile|cell)\s+is\b/i,
  /\bmy\s+(?:last\s+name|surname|family\s+name|password|email)\s+is\b/i,
  PHONE_DIGITS,
  /\b[\w.+-]+@[\w-]+\.[\w.]+\b/,
];

export const SCREEN_RULES: ScreenRule[] = [
  {
    reason: 'child_self_harm',
    speaker: 'child',
    patterns: [
      /\b(?:kill|hurt|cut|harm)(?:ing)?\s+myself\b/i,
      /\bwant(?:s|ed)?\s+to\s+(?:die|be\s+dead|disappear\s+forever)\b/i,
      /\bwish\s+i\s+(?:was|were)\s+(?:dead|never\s+born)\b/i,
      /\b(?:suicide|end\s+my\s+life)\b/i,
      /\bdon'?t\s+want\s+to\s+(?:live|be\s+alive)\b/i,
    ],
  },
  {
    reason: 'child_hurt_or_unsafe',
    speaker: 'child',
    patterns: [
      /\b(?:hits?|hitting|hurts?|hurting|beats?|beating|kicks?|kicking|punch(?:es|ed)?|slaps?|slapped|chokes?|burns?|burned)\s+me\b/i,
      /\b(?:touch(?:es|ed)?\s+me\s+(?:there|down\s+there|where)|bad\s+touch|secret\s+touch)/i,
      /\bi(?:'m|\s+am|\s+feel)\s+(?:so\s+|really\s+|very\s+)?(?:scared|afraid|frightened|unsafe|not\s+safe)\b/i,
      /\bi\s+don'?t\s+feel\s+safe\b/i,
      /\bscared\s+(?:of|to\s+go)\s+(?:home|my\s+\w+|mommy|daddy|mom|dad|him|her|them)\b/i,
      /\b(?:locks?|locked)\s+me\s+(?:in|up|out)\b/i,
      /\b(?:no\s*one|nobody)\s+(?:feeds|looks\s+after|takes\s+care\s+of)\s+me\b/i,
      /\bdon'?t\s+(?:get|have)\s+(?:any\s+)?(?:food|dinner|anything\s+to\s+eat)\b/i,
    ],
  },
  {
    reason: 'child_sad_or_worried',
    speaker: 'child',
    patterns: [
      /\bi(?:'m|\s+am|\s+feel|\s+get|\s+was)\s+(?:so\s+|really\s+|very\s+|always\s+|a\s+bit\s+)?(?:sad|lonely|unhappy|upset|miserable|worried|crying)\b/i,
      /\b(?:sad|lonely|unhappy)\s+(?:at|in\s+my)\s+home\b/i,
      /\b(?:mommy|daddy|mom|dad|mum|my\s+parents|they)\s+(?:are|is|keep|always)?\s*(?:always\s+)?(?:shouting|yelling|screaming|fighting)\b/i,
      /\bcry(?:ing)?\s+(?:every|all\s+the)\s+(?:day|night|time)\b/i,
      /\b(?:nobody|no\s*one)\s+(?:loves|likes|wants)\s+me\b/i,
    ],
  },
  { reason: 'child_personal_details', speaker: 'child', patterns: PERSONAL_DETAILS },
  {
    reason: 'adult_topic',
    speaker: 'either',
    patterns: [
      /\b(?:sex|sexy|naked|nude|porn\w*|boobs?|penis|vagina)\b/i,
      /\b(?:drugs?|cocaine|weed|marijuana|meth|heroin|vape|vaping|cigarettes?|smoking)\b/i,
      /\b(?:beer|wine|vodka|whiskey|alcohol|drunk)\b/i,
      // Not "gun": a water gun or a Nerf gun is an ordinary wish.
      /\b(?:shoot(?:ing)?\s+(?:people|someone|somebody|him|her|them|you|me)|murder\w*|stab(?:bing|bed)?)\b/i,
    ],
  },
  {
    reason: 'santa_asked_personal_details',
    speaker: 'santa',
    patterns: [
      // "What do you like at school?" is fine; which school, and where, is not.
      /\b(?:what(?:'s|\s+is)|tell\s+me|can\s+you\s+(?:tell|give|send)(?:\s+me)?|could\s+you\s+(?:tell|give|send)(?:\s+me)?|where(?:'s|\s+is)?)\b[^.!?]{0,40}\b(?:your|you)\b[^.!?]{0,20}\b(?:address|street|last\s+name|surname|family\s+name|phone\s+number|photo|picture|password|email)\b/i,
      /\bwhere\s+do\s+you\s+live\b/i,
      /\b(?:which|what)\s+school\s+(?:do|does|are)\b|\bname\s+of\s+your\s+school\b|\byour\s+school'?s\s+name\b/i,
      /\bsend\s+(?:me|santa)\s+(?:a\s+)?(?:photo|picture|selfie)\b/i,
    ],
  },
  {
    reason: 'santa_bad_language',
    speaker: 'santa',
    patterns: [
      /\b(?:fuck\w*|shit\w*|bitch\w*|bastard|asshole|arse|damn\w*|crap|piss\w*|dick|cunt|bollocks|wank\w*|hell\s+no)\b/i,
      /\b(?:stupid|idiot|dumb|shut\s+up|loser|i\s+hate\s+you)\b/i,
    ],
  },
  {
    reason: 'santa_claimed_human',
    speaker: 'santa',
    patterns: [
      /\bi(?:'m|\s+am)\s+(?:(?:a|an|really|truly|definitely|totally)\s+){0,3}(?:real\s+person|human(?:\s+being)?|real\s+man|living\s+person)\b/i,
      /\bi(?:'m|\s+am)\s+not\s+(?:a|an)\s+(?:robot|computer|machine|ai|bot|recording)\b/i,
    ],
  },
];

/** Words that never mark Santa's mention of a topic (the parent's "the dog" is about "dog"). */
export const FILLER_WORDS = new Set([
  'a',
  'an',
  'the',
  'my',
  'our',
  'his',
  'her',
  'their',
  'your',
  'of',
  'on',
  'in',
  'at',
  'to',
  'and',
  'or',
  'with',
  'for',
  'about',
  'any',
  'no',
  'not',
]);
