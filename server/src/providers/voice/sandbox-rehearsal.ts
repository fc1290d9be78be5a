import { personalisationFrom, santaReply } from './sandbox-santa.ts';
import { withLanguage } from './sandbox-santa-languages.ts';
import type { BrowserConversationInput, TranscriptTurn } from './voice-engine.ts';

/** How much of the call each exchange of a rehearsal stands for, so Santa wraps up as on a call. */
export const REHEARSAL_SECONDS_PER_EXCHANGE = 10;

/**
 * The sandbox Santa's side of a conversation, played in memory from what a call would be told: his
 * first message, then his answer to each line, until he says goodbye. Nothing is registered or
 * stored, so nobody is billed and no call is recorded (decision 0038).
 */
export function rehearseWithSandboxSanta(
  call: Pick<BrowserConversationInput, 'prompt' | 'firstMessage' | 'dynamicVariables' | 'language'>,
  childSays: readonly string[],
): { turns: TranscriptTurn[]; ended: boolean } {
  // As the sandbox engine stores a registered call: the language rides with the variables.
  const personalisation = personalisationFrom({
    prompt: call.prompt,
    firstMessage: call.firstMessage,
    dynamicVariables: withLanguage(call.dynamicVariables, call.language),
  });
  const turns: TranscriptTurn[] = [{ role: 'agent', message: personalisation.firstMessage }];
  for (const [index, said] of childSays.entries()) {
    const reply = santaReply(personalisation, [...turns], said, (index + 1) * REHEARSAL_SECONDS_PER_EXCHANGE);
    turns.push({ role: 'user', message: said }, { role: 'agent', message: reply.message });
    if (reply.endCall) return { turns, ended: true };
  }
  return { turns, ended: false };
}
