import type { TwilioInbound } from '@santa/shared/voice';
import type { RegisterCallInput } from '../../providers/voice/voice-engine.ts';
import type { CallFamily } from '../children/children.service.ts';
import type { CallerProfile } from '../santa/profile.repository.ts';
import { renderFamilyCall } from '../santa-script/family-prompt.ts';
import { santaVariables, type PromptMemory } from '../santa-script/render-prompt.ts';
import { GRACE_SECONDS } from './minutes.ts';

/** Santa's scheduled call to a family: whose it is and which children it is for. */
export interface OutboundCall {
  userId: string;
  childIds: string[];
}

/**
 * What the voice agent is told of an admitted call: the admin's script rendered for this family
 * and its children, the values the script asks for, what Santa remembers, and the most the call
 * may last. Everything here comes from our side; nothing the caller sent but the call's ids.
 */
export function prepareCall(input: {
  /** A browser call has no numbers: its sid is the reservation's key. */
  call: Pick<TwilioInbound, 'From' | 'To' | 'CallSid'>;
  profile: CallerProfile;
  script: string;
  family: CallFamily | undefined;
  memories: PromptMemory[];
  /** The reservation: what the call may use. */
  allowedSeconds: number;
  outbound?: OutboundCall;
}): RegisterCallInput {
  const { call, profile, script, family, outbound } = input;
  const allowed = input.allowedSeconds;
  const everyChild = family ? [{ ...profile, id: family.first_child_id }, ...family.others] : [];
  // Santa's own call is for the children the parent picked; he greets the first of them.
  const picked = outbound ? everyChild.filter((child) => outbound.childIds.includes(child.id)) : [];
  const children = picked.length > 0 ? picked : everyChild;
  const greeted = picked.length > 0 ? picked[0]!.id : (family?.usual_caller_child_id ?? null);
  const familyCall = renderFamilyCall(script, profile, children, greeted, allowed, input.memories);
  return {
    fromNumber: call.From,
    toNumber: call.To,
    callSid: call.CallSid,
    dynamicVariables: {
      // Only the placeholders the admin's script uses, empty fields worded naturally.
      ...santaVariables(profile, script),
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
    language: familyCall.language,
  };
}
