import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import type { TwilioInbound } from '@santa/shared/voice';
import type { Db } from '../../db/db.ts';
import type { Logger } from 'pino';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import type { VoiceEngine } from '../../providers/voice/voice-engine.ts';
import type { ProfileService } from '../santa/profile.service.ts';
import type { CallerProfile } from '../santa/profile.repository.ts';
import type { SantaPromptService } from '../santa-script/santa-prompt.service.ts';
import { renderFirstMessage, renderPrompt } from '../santa-script/render-prompt.ts';
import { closeReservation, createMinutesReserver } from './minutes.ts';
import { findDedicatedLineOwner } from './reservations.repository.ts';
import { APOLOGY_MESSAGE, NO_MINUTES_MESSAGE, NOT_SET_UP_MESSAGE, sayAndHangUp } from './twiml.ts';

export interface InboundCallDeps {
  db: Db;
  logger: Logger;
  telephony: Telephony;
  voice: VoiceEngine;
  profiles: ProfileService;
  prompts: SantaPromptService;
  /** Twilio gives up on a webhook after 15 s; Santa's apology must be said well before that. */
  answerBudgetMs?: number;
}

export const INBOUND_ANSWER_BUDGET_MS = 8_000;

/** '+' and 7 to 15 digits, the first not 0: how Twilio writes every phone number it sends. */
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * E.164 whenever the text parses, so '+1 (415) 555-2671' and '+14155552671' match. Twilio already
 * sends From and To in E.164, so those skip the parser, which cost a twentieth of the server's
 * time per answered call (npm run bench).
 */
export function toE164(text: string): string {
  if (E164.test(text)) return text;
  const trimmed = text.trim();
  return parsePhoneNumberFromString(trimmed)?.number ?? trimmed;
}

export type InboundOutcome = 'unknown_caller' | 'no_minutes' | 'connected' | 'agent_failed';

/** Twilio's voice webhook (design §4.2): recognise, reserve minutes, hand the call to Santa. */
export function createInboundCallService(deps: InboundCallDeps) {
  const { db, profiles } = deps;
  const hotline = toE164(deps.telephony.hotlineNumber);
  const reserveMinutes = createMinutesReserver(db);

  async function findCaller(from: string, to: string): Promise<CallerProfile | undefined> {
    // Twilio sends the number it called in E.164, so the hotline needs no parsing.
    const called = to === hotline ? hotline : toE164(to);
    if (called === hotline) return from ? profiles.findProfileByParentPhone(toE164(from)) : undefined;
    const owner = await findDedicatedLineOwner(db, called);
    return owner ? profiles.findProfileByUserId(owner) : undefined;
  }

  const apology = () => ({ twiml: sayAndHangUp(APOLOGY_MESSAGE), outcome: 'agent_failed' as const });

  /**
   * A reservation taken after the caller already heard the apology is given back, so a slow
   * database never costs the family minutes for a call Santa did not take.
   */
  async function giveBackIfLate(isLate: () => boolean, reservationId: string): Promise<boolean> {
    if (!isLate()) return false;
    await closeReservation(db, reservationId).catch((error: unknown) =>
      deps.logger.error({ err: error }, 'could not give back the minutes of a call answered late'),
    );
    return true;
  }

  async function answerInTime(
    call: TwilioInbound,
    isLate: () => boolean,
  ): Promise<{ twiml: string; outcome: InboundOutcome }> {
    const profile = await findCaller(call.From, call.To);
    // Nothing about an unrecognised caller is stored (children's data, design §6).
    if (!profile) return { twiml: sayAndHangUp(NOT_SET_UP_MESSAGE), outcome: 'unknown_caller' };

    const reservation = await reserveMinutes(profile.user_id, call.CallSid);
    if (!reservation) return { twiml: sayAndHangUp(NO_MINUTES_MESSAGE), outcome: 'no_minutes' };
    if (await giveBackIfLate(isLate, reservation.id)) return apology();

    const { prompt: template } = await deps.prompts.scriptForCall();
    const allowed = reservation.minutes_reserved;
    try {
      const twiml = await deps.voice.registerCall({
        fromNumber: call.From,
        toNumber: call.To,
        callSid: call.CallSid,
        dynamicVariables: {
          kid_name: profile.kid_name,
          allowed_minutes: allowed,
          user_id: profile.user_id,
          call_sid: call.CallSid,
          // The agent can refer to these whatever wording the admin's script uses.
          ...(profile.wish_list ? { wish_list: profile.wish_list } : {}),
          ...(profile.accomplishments ? { accomplishments: profile.accomplishments } : {}),
          ...(profile.siblings ? { siblings: profile.siblings } : {}),
        },
        prompt: renderPrompt(template, profile, allowed),
        firstMessage: renderFirstMessage(profile),
      });
      if (await giveBackIfLate(isLate, reservation.id)) return apology();
      return { twiml, outcome: 'connected' };
    } catch (error) {
      deps.logger.error({ err: error, callSid: call.CallSid }, 'voice agent did not register the call');
      await closeReservation(db, reservation.id);
      return apology();
    }
  }

  return {
    /**
     * Always answers Twilio within the budget: Santa's apology when the database or the voice
     * engine is too slow or down, instead of Twilio's "application error".
     */
    async answer(call: TwilioInbound): Promise<{ twiml: string; outcome: InboundOutcome }> {
      let late = false;
      let timer: NodeJS.Timeout | undefined;
      const work = answerInTime(call, () => late).catch((error: unknown) => {
        deps.logger.error({ err: error, callSid: call.CallSid }, 'could not answer the call');
        return apology();
      });
      const outOfTime = new Promise<ReturnType<typeof apology>>((resolve) => {
        timer = setTimeout(() => {
          late = true;
          deps.logger.warn({ callSid: call.CallSid }, 'call answered with an apology: out of time');
          resolve(apology());
        }, deps.answerBudgetMs ?? INBOUND_ANSWER_BUDGET_MS);
      });
      try {
        return await Promise.race([work, outOfTime]);
      } finally {
        clearTimeout(timer);
      }
    },
  };
}

export type InboundCallService = ReturnType<typeof createInboundCallService>;
