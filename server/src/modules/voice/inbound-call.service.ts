import { phoneForRecognition } from '../../phone-numbers.ts';
import type { TwilioInbound } from '@santa/shared/voice';
import type { Db } from '../../db/db.ts';
import type { Logger } from 'pino';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import type { VoiceEngine } from '../../providers/voice/voice-engine.ts';
import type { ProfileService } from '../santa/profile.service.ts';
import type { CallerProfile } from '../santa/profile.repository.ts';
import type { LineAccessService } from '../santa/line-access.service.ts';
import type { SantaPromptService } from '../santa-script/santa-prompt.service.ts';
import { santaVariables, type PromptMemory } from '../santa-script/render-prompt.ts';
import { renderFamilyCall } from '../santa-script/family-prompt.ts';
import type { CallFamily } from '../children/children.service.ts';
import { createCallAdmission } from './call-admission.ts';
import { closeReservation, createMinutesReserver, GRACE_SECONDS } from './minutes.ts';
import {
  APOLOGY_MESSAGE,
  ASK_FOR_CODE_MESSAGE,
  CONSENT_NEEDED_MESSAGE,
  LINE_REFUSED_MESSAGE,
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
  profiles: ProfileService;
  prompts: SantaPromptService;
  lineAccess: LineAccessService;
  /** The privacy module: whether the family agreed to the current notice (a call is recorded). */
  consents: { hasCurrent(userId: string): Promise<boolean> };
  /** The numbers module: whose dedicated line a called number is. */
  numbers: DedicatedLines;
  /** The memory module: what the child told Santa on earlier calls. */
  memory: { forCall(userId: string): Promise<PromptMemory[]> };
  /** Where Twilio posts the digits of the family code (this same webhook). */
  inboundUrl: string;
  /** Twilio gives up on a webhook after 15 s; Santa's apology must be said well before that. */
  answerBudgetMs?: number;
  /** The children module: the family's other children and who usually calls (decision 0024). */
  children?: { familyForCall(userId: string): Promise<CallFamily | undefined> };
  /** Calls the voice agent may run at once (MAX_CONCURRENT_CALLS); past it callers hear the lines are busy. */
  maxConcurrentCalls: number;
}

/** Santa's scheduled call to a family: whose it is and which children it is for. */
export interface OutboundCall {
  userId: string;
  childIds: string[];
}

/**
 * The one STIR/SHAKEN verdict that vouches the caller owns the number (full attestation). B and C
 * only say the carrier knows its customer, so those callers are asked for the family code.
 */
const ATTESTED = new Set(['TN-Validation-Passed-A']);

export const INBOUND_ANSWER_BUDGET_MS = 8_000;

export type InboundOutcome =
  'unknown_caller' | 'no_consent' | 'no_minutes' | 'lines_busy' | 'connected' | 'agent_failed';

/** Twilio's voice webhook: recognise, reserve minutes, hand the call to Santa. */
export function createInboundCallService(deps: InboundCallDeps) {
  const { db, profiles } = deps;
  const hotline = phoneForRecognition(deps.telephony.hotlineNumber);
  const reserveMinutes = createMinutesReserver(db);
  const admission = createCallAdmission(db, deps.maxConcurrentCalls);

  type Screened = { profile: CallerProfile } | { twiml: string; outcome: InboundOutcome };
  const refuse = (): Screened => ({
    twiml: deps.telephony.sayAndHangUp(LINE_REFUSED_MESSAGE),
    outcome: 'unknown_caller',
  });

  /** A caller who must type the family code: asked, or checked when the digits come back. */
  async function byCode(call: TwilioInbound, profile: CallerProfile): Promise<Screened> {
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
    return (await deps.lineAccess.codeMatches(profile.user_id, digits)) ? { profile } : refuse();
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
      const profile = from ? await profiles.findProfileByParentPhone(from) : undefined;
      if (!profile) return notSetUp;
      // A caller ID the network did not vouch for may be forged: the family code proves it.
      return ATTESTED.has(call.StirVerstat ?? '') ? { profile } : byCode(call, profile);
    }
    const owner = await deps.numbers.ownerOfNumber(called);
    const profile = owner ? await profiles.findProfileByUserId(owner) : undefined;
    if (!profile) return notSetUp;
    const admission = await deps.lineAccess.admitOnOwnLine(profile.user_id, from);
    return admission === 'connect'
      ? { profile }
      : admission === 'ask_code'
        ? byCode(call, profile)
        : refuse();
  }

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
    // Counted while the caller is recognised; an answer that never asks is not left unhandled.
    const busy = admission.linesBusy(call.CallSid);
    busy.catch(() => undefined);
    // Nothing about an unrecognised or refused caller is stored.
    const screened = await recognise(call);
    if (!('profile' in screened)) return screened;
    const { profile } = screened;
    // Read while minutes are reserved; Santa without his memories is better than no Santa.
    const remembered = deps.memory.forCall(profile.user_id).catch((error: unknown) => {
      deps.logger.error({ err: error, callSid: call.CallSid }, "could not read Santa's memories");
      return [];
    });
    // Read beside the checks below, so a family of several children costs no extra wait.
    const family = deps.children?.familyForCall(profile.user_id) ?? Promise.resolve(undefined);
    family.catch(() => undefined);

    // A family that has not agreed to the current notice hears a kind word; nothing is reserved
    // or recorded, and nothing about the family is said.
    if (!(await deps.consents.hasCurrent(profile.user_id)))
      return { twiml: deps.telephony.sayAndHangUp(CONSENT_NEEDED_MESSAGE), outcome: 'no_consent' };
    if (await busy) return { twiml: deps.telephony.sayAndHangUp(LINES_BUSY_MESSAGE), outcome: 'lines_busy' };
    // Kept with the call: the verdict the hotline rule above acted on stays on record.
    const reservation = await reserveMinutes(profile.user_id, call.CallSid, call.StirVerstat || undefined);
    if (!reservation)
      return { twiml: deps.telephony.sayAndHangUp(NO_MINUTES_MESSAGE), outcome: 'no_minutes' };
    if (await giveBackIfLate(isLate, reservation.id)) return apology();

    const { prompt: template } = await deps.prompts.scriptForCall();
    const allowed = reservation.seconds_reserved;
    const known = await family;
    const everyChild = known ? [{ ...profile, id: known.first_child_id }, ...known.others] : [];
    // Santa's own call is for the children the parent picked; he greets the first of them.
    const picked = outbound ? everyChild.filter((child) => outbound.childIds.includes(child.id)) : [];
    const children = picked.length > 0 ? picked : everyChild;
    const familyCall = renderFamilyCall(
      template,
      profile,
      children,
      picked.length > 0 ? picked[0]!.id : (known?.usual_caller_child_id ?? null),
      allowed,
      await remembered,
    );
    try {
      const twiml = await deps.voice.registerCall({
        fromNumber: call.From,
        toNumber: call.To,
        callSid: call.CallSid,
        dynamicVariables: {
          // Only the placeholders the admin's script uses, empty fields worded naturally.
          ...santaVariables(profile, template),
          // Whole minutes, rounded down like every minute figure of what is left (docs/features/call-time.md).
          allowed_minutes: Math.floor(allowed / 60),
          allowed_seconds: allowed,
          user_id: profile.user_id,
          call_sid: call.CallSid,
        },
        prompt: familyCall.prompt,
        firstMessage: familyCall.firstMessage,
        // What settlement may bill: the reservation plus its grace minute, never more.
        maxDurationSeconds: allowed + GRACE_SECONDS,
        direction: outbound ? 'outbound' : 'inbound',
      });
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
      const recognise = async (): Promise<Screened> => {
        const profile = await profiles.findProfileByUserId(outbound.userId);
        return profile
          ? { profile }
          : { twiml: deps.telephony.sayAndHangUp(NOT_SET_UP_MESSAGE), outcome: 'unknown_caller' };
      };
      return answerWithin(call, recognise, outbound);
    },
  };
}

export type InboundCallService = ReturnType<typeof createInboundCallService>;
