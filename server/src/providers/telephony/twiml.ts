import twilio from 'twilio';

/** Santa's voice for the few lines we speak ourselves before handing over to the agent. */
const SANTA_VOICE = 'Polly.Matthew';

/** Built once: every status callback answers with it. */
const EMPTY_RESPONSE = new twilio.twiml.VoiceResponse().toString();

/**
 * TwiML, Twilio's answer to a call webhook, built with the official SDK. Both telephony providers
 * answer with it (the sandbox plays Twilio), so the voice module never writes Twilio's XML.
 */
export const twiml = {
  sayAndHangUp(message: string): string {
    const response = new twilio.twiml.VoiceResponse();
    response.say({ voice: SANTA_VOICE }, message);
    response.hangup();
    return response.toString();
  },

  askForDigits(input: { digits: number; prompt: string; actionUrl: string; otherwise: string }): string {
    const response = new twilio.twiml.VoiceResponse();
    const gather = response.gather({
      numDigits: input.digits,
      action: input.actionUrl,
      method: 'POST',
      timeout: 10,
    });
    gather.say({ voice: SANTA_VOICE }, input.prompt);
    // Nothing typed: `otherwise` is said, and the call ends.
    response.say({ voice: SANTA_VOICE }, input.otherwise);
    response.hangup();
    return response.toString();
  },

  emptyResponse(): string {
    return EMPTY_RESPONSE;
  },
};
