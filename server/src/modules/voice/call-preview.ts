import type { NextCallOutcome, ScriptPreview, TestCall } from '@santa/shared/script-preview';
import { AppError } from '../../http/errors.ts';
import {
  REHEARSAL_SECONDS_PER_EXCHANGE,
  rehearseWithSandboxSanta,
} from '../../providers/voice/sandbox-rehearsal.ts';
import type { VoiceEngine } from '../../providers/voice/voice-engine.ts';
import type { ProfileService } from '../santa/profile.service.ts';
import {
  isUsable,
  remainingSeconds,
  type SubscriptionService,
} from '../subscription/subscription.service.ts';
import { readCallContext, type CallContextDeps } from './call-context.ts';
import { prepareCall } from './call-preparation.ts';
import { hideFamilyWords } from './family-words-hidden.ts';
import { perCallCap } from './minutes.ts';

export const PREVIEW_NO_CHILD =
  'This family has not told Santa about a child yet, so there is no script to preview.';

/** Stands in for the call's sid in the variables: a preview is no call. */
const PREVIEW_CALL_SID = 'admin_preview';

export interface CallPreviewDeps extends CallContextDeps {
  voice: Pick<VoiceEngine, 'isSandbox'>;
  profiles: Pick<ProfileService, 'findProfileByUserId'>;
  subscriptions: Pick<SubscriptionService, 'find'>;
  consents: { hasCurrent(userId: string): Promise<boolean> };
}

/**
 * The admin's look at a family's next call: the same reads and the same prepareCall as a ringing
 * call, the family's own words hidden, and nothing reserved, registered or stored.
 */
export function createCallPreview(deps: CallPreviewDeps) {
  /** What the reservation would hold were the family to call now: what is left, at most the plan's cap. */
  async function nextCallTime(userId: string) {
    const plan = await deps.subscriptions.find(userId);
    const cap = perCallCap(plan?.plan ?? '');
    const left = plan && isUsable(plan) ? Math.min(remainingSeconds(plan), cap) : 0;
    // With nothing left a real call hears the no-minutes line; the script is shown at the plan's cap.
    return { allowedSeconds: left > 0 ? left : cap, hasTime: left > 0 };
  }

  async function prepare(userId: string, draft: string | undefined) {
    const profile = await deps.profiles.findProfileByUserId(userId);
    if (!profile) throw new AppError('conflict', PREVIEW_NO_CHILD);
    const [context, time, agreed] = await Promise.all([
      readCallContext(deps, userId),
      nextCallTime(userId),
      deps.consents.hasCurrent(userId),
    ]);
    const hidden = hideFamilyWords(profile, context.family, context.memories);
    const call = prepareCall({
      call: { From: '', To: '', CallSid: PREVIEW_CALL_SID },
      ...hidden,
      script: draft ?? context.script,
      allowedSeconds: time.allowedSeconds,
    });
    // In the order the inbound call checks them.
    const nextCall: NextCallOutcome = !agreed ? 'no_consent' : !time.hasTime ? 'no_call_time' : 'santa';
    return { call, nextCall, children: 1 + (context.family?.others.length ?? 0) };
  }

  return {
    async preview(userId: string, draft?: string): Promise<ScriptPreview> {
      const { call, nextCall, children } = await prepare(userId, draft);
      return {
        user_id: userId,
        prompt: call.prompt,
        first_message: call.firstMessage,
        language: call.language ?? 'en',
        allowed_seconds: Number(call.dynamicVariables.allowed_seconds),
        dynamic_variables: call.dynamicVariables,
        children,
        next_call: nextCall,
        from_draft: draft !== undefined,
      };
    },

    /** The sandbox Santa answers whichever engine takes real calls: a test is never dialled or billed. */
    async testCall(userId: string, childSays: readonly string[], draft?: string): Promise<TestCall> {
      const { call } = await prepare(userId, draft);
      const { turns, ended } = rehearseWithSandboxSanta(call, childSays);
      return {
        engine: 'sandbox',
        live_engine: deps.voice.isSandbox ? 'sandbox' : 'elevenlabs',
        turns: turns.map(({ role, message }) => ({ role, message })),
        ended,
        seconds_per_exchange: REHEARSAL_SECONDS_PER_EXCHANGE,
      };
    },
  };
}

export type CallPreview = ReturnType<typeof createCallPreview>;
