import twilio from 'twilio';

/** Twilio's own signing helpers, shared by the real adapter and the sandbox so both sign alike. */
export function signTwilioRequest(authToken: string, url: string, params: Record<string, string>): string {
  return twilio.getExpectedTwilioSignature(authToken, url, params);
}

export function isValidTwilioSignature(
  authToken: string,
  signature: string | undefined,
  url: string,
  params: Record<string, string>,
): boolean {
  return !!signature && twilio.validateRequest(authToken, signature, url, params);
}
