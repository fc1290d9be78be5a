import twilio from 'twilio';

/** Santa's voice for the few lines we speak ourselves before handing over to the agent. */
const SANTA_VOICE = 'Polly.Matthew';

export const NOT_SET_UP_MESSAGE =
  "Ho ho ho! Hello there! This is Santa's workshop. I don't have a call set up for this phone yet. Please ask a grown-up to set up your call with Santa on the Santa Calls website. Merry Christmas!";
export const NO_MINUTES_MESSAGE =
  "Ho ho ho! It's so lovely to hear from you! Santa's call time has run out for now. Please ask a grown-up to visit the Santa Calls website. Merry Christmas, and goodbye!";
export const APOLOGY_MESSAGE =
  'Ho ho ho! Oh dear, the North Pole phone line is a little snowed in right now. Please try calling Santa again in a few minutes. Merry Christmas!';

export const LINE_REFUSED_MESSAGE =
  "Ho ho ho! This is Santa's workshop. Santa can only take this call from a grown-up's own phone. Please ask a grown-up to help you call Santa. Merry Christmas!";
export const ASK_FOR_CODE_MESSAGE =
  "Ho ho ho! Hello there! Please ask a grown-up to type your family's four-digit Santa code on the keypad now.";

/** Asks for the family's 4-digit code; Twilio posts the digits back to `actionUrl`. */
export function askForFamilyCode(actionUrl: string): string {
  const response = new twilio.twiml.VoiceResponse();
  const gather = response.gather({ numDigits: 4, action: actionUrl, method: 'POST', timeout: 10 });
  gather.say({ voice: SANTA_VOICE }, ASK_FOR_CODE_MESSAGE);
  // No digits typed: the same kind goodbye as a refused caller.
  response.say({ voice: SANTA_VOICE }, LINE_REFUSED_MESSAGE);
  response.hangup();
  return response.toString();
}

/** TwiML that says one thing in Santa's voice and hangs up. */
export function sayAndHangUp(message: string): string {
  const response = new twilio.twiml.VoiceResponse();
  response.say({ voice: SANTA_VOICE }, message);
  response.hangup();
  return response.toString();
}

export function emptyResponse(): string {
  return new twilio.twiml.VoiceResponse().toString();
}
