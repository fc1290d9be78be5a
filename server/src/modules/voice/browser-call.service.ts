import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { BrowserCallStarted } from '@santa/shared/calls';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import type { VoiceEngine } from '../../providers/voice/voice-engine.ts';
import type { CallFamily } from '../children/children.service.ts';
import type { PromptMemory } from '../santa-script/render-prompt.ts';
import type { SantaPromptService } from '../santa-script/santa-prompt.service.ts';
import type { CallerProfile } from '../santa/profile.repository.ts';
import type { ProfileService } from '../santa/profile.service.ts';
import { readCallContext } from './call-context.ts';
import { prepareCall } from './call-preparation.ts';
import { closeReservation, createMinutesReserver, LINES_BUSY } from './minutes.ts';
import * as reservations from './reservations.repository.ts';

export const BROWSER_NOT_SET_UP = "Tell Santa about your child first, so he knows who he's talking to.";
export const BROWSER_CONSENT_NEEDED =
  'Please agree to the privacy notice first: calls with Santa are recorded for you.';
export const BROWSER_LINES_BUSY =
  "All of Santa's lines are busy right now. Please try again in a few minutes.";
export const BROWSER_NO_TIME = 'Your family has no call time left. Choose a plan to talk to Santa again.';
export const BROWSER_AGENT_FAILED =
  "Santa's workshop could not be reached just now. Nothing was charged; please try again in a minute.";

export interface BrowserCallDeps {
  db: Db;
  logger: Logger;
  voice: VoiceEngine;
  profiles: ProfileService;
  prompts: SantaPromptService;
  consents: { hasCurrent(userId: string): Promise<boolean> };
  memory: { forCall(userId: string): Promise<PromptMemory[]> };
  children?: { familyForCall(userId: string): Promise<CallFamily | undefined> };
  maxConcurrentCalls: number;
}

/**
 * "Talk to Santa now" in the parent's browser (decision 0035): admitted exactly as a phone call is
 * (agreement, a free line, minutes reserved under the plan's per-call cap), then the voice agent
 * mints a one-time signed URL, and the reservation takes the conversation's id as its key.
 */
export function createBrowserCallService(deps: BrowserCallDeps) {
  const { db } = deps;
  const reserveMinutes = createMinutesReserver(db, deps.maxConcurrentCalls);

  /** Who Santa talks to and what he may say, from our side only, as for a phone call. */
  async function prepare(profile: CallerProfile, key: string, allowedSeconds: number) {
    const context = await readCallContext(deps, profile.user_id);
    return prepareCall({ call: { From: '', To: '', CallSid: key }, profile, ...context, allowedSeconds });
  }

  async function admit(userId: string) {
    const profile = await deps.profiles.findProfileByUserId(userId);
    if (!profile) throw new AppError('conflict', BROWSER_NOT_SET_UP);
    if (!(await deps.consents.hasCurrent(userId))) throw new AppError('conflict', BROWSER_CONSENT_NEEDED);
    // The reservation's key until the agent names the conversation.
    const key = `browser_${randomUUID()}`;
    const reservation = await reserveMinutes(userId, key);
    if (reservation === LINES_BUSY) throw new AppError('unavailable', BROWSER_LINES_BUSY);
    if (!reservation) throw new AppError('conflict', BROWSER_NO_TIME);
    return { profile, key, reservation };
  }

  return {
    async start(userId: string): Promise<BrowserCallStarted> {
      const { profile, key, reservation } = await admit(userId);
      try {
        const call = await prepare(profile, key, reservation.seconds_reserved);
        const minted = await deps.voice.startBrowserConversation(call);
        // The URL's window, then the call with its grace minute; the sweeper asks the agent after.
        const deadline = new Date(minted.expiresAt.getTime() + call.maxDurationSeconds * 1000);
        if (!(await reservations.becomeBrowserCall(db, reservation.id, minted.conversationId, deadline)))
          throw new Error('the reservation closed before the browser call was named');
        return {
          call_id: minted.conversationId,
          signed_url: minted.signedUrl,
          expires_at: minted.expiresAt.toISOString(),
          allowed_seconds: reservation.seconds_reserved,
          conversation: {
            dynamic_variables: { ...call.dynamicVariables, call_sid: minted.conversationId },
            prompt: call.prompt,
            first_message: call.firstMessage,
            language: call.language ?? 'en',
          },
        };
      } catch (error) {
        await closeReservation(db, reservation.id);
        if (error instanceof AppError) throw error;
        deps.logger.error({ err: error, userId }, 'could not start a browser call');
        throw new AppError('provider_failed', BROWSER_AGENT_FAILED);
      }
    },
  };
}

export type BrowserCallService = ReturnType<typeof createBrowserCallService>;
