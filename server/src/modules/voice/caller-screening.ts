import type { TwilioInbound } from '@santa/shared/voice';
import { phoneForRecognition } from '../../phone-numbers.ts';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import type { LineAccessService } from '../santa/line-access.service.ts';
import type { RingingCaller } from './ringing-family.ts';
import { ASK_FOR_CODE_MESSAGE, LINE_REFUSED_MESSAGE, NOT_SET_UP_MESSAGE } from './santa-lines.ts';

export type InboundOutcome =
  'unknown_caller' | 'no_consent' | 'no_minutes' | 'lines_busy' | 'connected' | 'agent_failed';

export interface ScreeningDeps {
  telephony: Telephony;
  lineAccess: LineAccessService;
  /** The numbers module: whose dedicated line a called number is. */
  numbers: { ownerOfNumber(phoneNumber: string): Promise<string | undefined> };
  /** Where Twilio posts the digits of the family code (the inbound webhook itself). */
  inboundUrl: string;
  /** A caller's recognition (by their number, or by the line's owner), read with their family. */
  families: {
    forCaller(e164: string): Promise<RingingCaller | undefined>;
    forFamily(userId: string): Promise<RingingCaller | undefined>;
  };
}

/** A caller Santa may talk to, with their family, or what a caller who may not hears. */
export type Screened = RingingCaller | { twiml: string; outcome: InboundOutcome };

/**
 * The one STIR/SHAKEN verdict that vouches the caller owns the number (full attestation). B and C
 * only say the carrier knows its customer, so those callers are asked for the family code.
 */
const ATTESTED = new Set(['TN-Validation-Passed-A']);

/**
 * Who is calling, and may they reach Santa? The first step of a ringing call: nothing about the
 * family is said before this says yes.
 */
export function createCallerScreening(deps: ScreeningDeps) {
  const hotline = phoneForRecognition(deps.telephony.hotlineNumber);
  const refuse = (): Screened => ({
    twiml: deps.telephony.sayAndHangUp(LINE_REFUSED_MESSAGE),
    outcome: 'unknown_caller',
  });

  /** A caller who must type the family code: asked, or checked when the digits come back. */
  async function byCode(call: TwilioInbound, caller: RingingCaller): Promise<Screened> {
    const digits = typeof call.Digits === 'string' ? call.Digits : undefined;
    if (digits === undefined)
      return {
        twiml: deps.telephony.askForDigits({
          digits: 4,
          prompt: ASK_FOR_CODE_MESSAGE,
          actionUrl: deps.inboundUrl,
          otherwise: LINE_REFUSED_MESSAGE,
        }),
        outcome: 'unknown_caller',
      };
    return (await deps.lineAccess.codeMatches(caller.profile.user_id, digits)) ? caller : refuse();
  }

  /**
   * Who is calling, and may they reach Santa? Nothing about the family is said before this says
   * yes: a caller the family did not allow hears only a kind goodbye and spends nothing.
   */
  async function screen(call: TwilioInbound): Promise<Screened> {
    const notSetUp: Screened = {
      twiml: deps.telephony.sayAndHangUp(NOT_SET_UP_MESSAGE),
      outcome: 'unknown_caller',
    };
    // Twilio sends the number it called in E.164, so the hotline needs no parsing.
    const called = call.To === hotline ? hotline : phoneForRecognition(call.To);
    const from = call.From ? phoneForRecognition(call.From) : '';
    if (called === hotline) {
      const caller = from ? await deps.families.forCaller(from) : undefined;
      if (!caller) return notSetUp;
      // A caller ID the network did not vouch for may be forged: the family code proves it.
      return ATTESTED.has(call.StirVerstat ?? '') ? caller : byCode(call, caller);
    }
    const owner = await deps.numbers.ownerOfNumber(called);
    const caller = owner ? await deps.families.forFamily(owner) : undefined;
    if (!caller) return notSetUp;
    const admission = await deps.lineAccess.admitOnOwnLine(caller.profile.user_id, from);
    return admission === 'connect' ? caller : admission === 'ask_code' ? byCode(call, caller) : refuse();
  }

  return screen;
}
