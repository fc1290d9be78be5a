/** What Santa says himself when a call does not reach the agent: in our words, spoken by telephony. */
export const NOT_SET_UP_MESSAGE =
  "Ho ho ho! Hello there! This is Santa's workshop. I don't have a call set up for this phone yet. Please ask a grown-up to set up your call with Santa on the Santa Calls website. Merry Christmas!";
export const NO_MINUTES_MESSAGE =
  "Ho ho ho! It's so lovely to hear from you! Santa's call time has run out for now. Please ask a grown-up to visit the Santa Calls website. Merry Christmas, and goodbye!";
export const APOLOGY_MESSAGE =
  'Ho ho ho! Oh dear, the North Pole phone line is a little snowed in right now. Please try calling Santa again in a few minutes. Merry Christmas!';
/** Said by Twilio's fallback webhook, when our own inbound webhook failed or timed out. */
export const BUSY_WORKSHOP_MESSAGE =
  "Ho ho ho! Santa's workshop is very busy right now. Please call again in a few minutes. Merry Christmas!";

export const LINE_REFUSED_MESSAGE =
  "Ho ho ho! This is Santa's workshop. Santa can only take this call from a grown-up's own phone. Please ask a grown-up to help you call Santa. Merry Christmas!";
export const ASK_FOR_CODE_MESSAGE =
  "Ho ho ho! Hello there! Please ask a grown-up to type your family's four-digit Santa code on the keypad now.";
export const LINES_BUSY_MESSAGE =
  "Ho ho ho! All of Santa's lines are busy, please try again in a few minutes. Merry Christmas!";
/** The family has not agreed to the current privacy notice, so nothing may be recorded yet. */
export const CONSENT_NEEDED_MESSAGE =
  'Ho ho ho! Hello there! Santa is so happy you called. Before we can talk, a grown-up needs to say yes to one quick thing on the Santa Calls website. Please ask them, and call Santa again soon. Merry Christmas!';
