import type { TwilioInbound } from '@santa/shared/voice';
import type { Db } from '../../db/db.ts';
import type { Logger } from 'pino';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import type { VoiceEngine } from '../../providers/voice/voice-engine.ts';
import type { LineAccessService } from '../santa/line-access.service.ts';
import type { SantaPromptService } from '../santa-script/santa-prompt.service.ts';
import type { RingingCaller } from './ringing-family.ts';
import { createCallerScreening, type InboundOutcome, type Screened } from './caller-screening.ts';
import { closeReservation, createMinutesReserver, LINES_BUSY } from './minutes.ts';
import { prepareCall, type OutboundCall } from './call-preparation.ts';
import {
  APOLOGY_MESSAGE,
  CONSENT_NEEDED_MESSAGE,
  LINES_BUSY_MESSAGE,
  NO_MINUTES_MESSAGE,
  NOT_SET_UP_MESSAGE,
} from './santa-lines.ts';

export interface DedicatedLines {
  ownerOfNumber(phoneNumber: string): Promise<string | undefined>;
}

export interface InboundCallDeps {
  db: Db;
  logger: Logger;
  telephony: Telephony;
  voice: VoiceEngine;
  prompts: SantaPromptService;
  lineAccess: LineAccessService;
  /** Consent, children and memories of the caller's family (ringing-family.ts). */
  families: {
    forCaller(e164: string): Promise<RingingCaller | undefined>;
    forFamily(userId: string): Promise<RingingCaller | undefined>;
  };
  /** The numbers module: whose dedicated line a called number is. */
  numbers: DedicatedLines;
  /** Where Twilio posts the digits of the family code (this same webhook). */
  inboundUrl: string;
  /** Twilio gives up on a webhook after 15 s; Santa's apology must be said well before that. */
  answerBudgetMs?: number;
  /** Calls the voice agent may run at once (MAX_CONCURRENT_CALLS); past it callers hear the lines are busy. */
  maxConcurrentCalls: number;
}

export type { OutboundCall };

export const INBOUND_ANSWER_BUDGET_MS = 8_000;

export type { InboundOutcome };

/** Twilio's voice webhook: recognise, reserve minutes, hand the call to Santa. */
export function createInboundCallService(deps: InboundCallDeps) {
  const { db } = deps;
  const reserveMinutes = createMinutesReserver(db, deps.maxConcurrentCalls);

  const screen = createCallerScreening(deps);

  const apology = () => ({
    twiml: deps.telephony.sayAndHangUp(APOLOGY_MESSAGE),
    outcome: 'agent_failed' as const,
  });

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
    recognise: (call: TwilioInbound) => Promise<Screened> = screen,
    outbound?: OutboundCall,
  ): Promise<{ twiml: string; outcome: InboundOutcome }> {
    // Nothing about an unrecognised or refused caller is stored.
    const screened = await recognise(call);
    if (!('profile' in screened)) return screened;
    const { profile } = screened;
    const { consented, family, memories } = screened.family;
    // A family that has not agreed to the current notice hears a kind word; nothing is reserved
    // or recorded, and nothing about the family is said.
    if (!consented)
      return { twiml: deps.telephony.sayAndHangUp(CONSENT_NEEDED_MESSAGE), outcome: 'no_consent' };
    // Kept with the call: the verdict the hotline rule above acted on stays on record.
    const reservation = await reserveMinutes(profile.user_id, call.CallSid, call.StirVerstat || undefined);
    if (reservation === LINES_BUSY)
      return { twiml: deps.telephony.sayAndHangUp(LINES_BUSY_MESSAGE), outcome: 'lines_busy' };
    if (!reservation)
      return { twiml: deps.telephony.sayAndHangUp(NO_MINUTES_MESSAGE), outcome: 'no_minutes' };
    if (await giveBackIfLate(isLate, reservation.id)) return apology();

    const registration = prepareCall({
      call,
      profile,
      script: (await deps.prompts.scriptForCall()).prompt,
      family,
      memories,
      allowedSeconds: reservation.seconds_reserved,
      outbound,
    });
    try {
      const twiml = await deps.voice.registerCall(registration);
      if (await giveBackIfLate(isLate, reservation.id)) return apology();
      return { twiml, outcome: 'connected' };
    } catch (error) {
      deps.logger.error({ err: error, callSid: call.CallSid }, 'voice agent did not register the call');
      await closeReservation(db, reservation.id);
      return apology();
    }
  }

  /**
   * Always answers Twilio within the budget: Santa's apology when the database or the voice
   * engine is too slow or down, instead of Twilio's "application error".
   */
  async function answerWithin(
    call: TwilioInbound,
    recognise?: (call: TwilioInbound) => Promise<Screened>,
    outbound?: OutboundCall,
  ): Promise<{ twiml: string; outcome: InboundOutcome }> {
    let late = false;
    let timer: NodeJS.Timeout | undefined;
    const work = answerInTime(call, () => late, recognise, outbound).catch((error: unknown) => {
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
  }

  return {
    answer: (call: TwilioInbound) => answerWithin(call),
    /**
     * Santa's scheduled call was answered by a person (decision 0025): the family is known from the
     * call Santa placed, so nobody is screened, and minutes are reserved exactly as for an inbound call.
     */
    answerOutbound(call: TwilioInbound, outbound: OutboundCall) {
      const recognise = async (): Promise<Screened> =>
        (await deps.families.forFamily(outbound.userId)) ?? {
          twiml: deps.telephony.sayAndHangUp(NOT_SET_UP_MESSAGE),
          outcome: 'unknown_caller',
        };
      return answerWithin(call, recognise, outbound);
    },
  };
}

export type InboundCallService = ReturnType<typeof createInboundCallService>;
