/**
 * The upkeep of Santa's own calls (decision 0025): a dial whose end Twilio never reported is
 * settled from Twilio's record of the call, and a claim whose dial never reached Twilio is retried.
 */
import { expect, test } from 'vitest';
import { placementWorld } from '../../../test/fixtures/scheduled-placement.ts';

const world = placementWorld();

/** The call's last change, `minutes` ago by the database's clock. */
async function untouchedFor(callId: string, minutes: number) {
  await world.ctx.db.query(
    `update scheduled_calls set updated_at = now() - make_interval(mins => $2) where id = $1`,
    [callId, minutes],
  );
}

test('a dial whose status never came is settled from Twilio’s record: no answer is retried', async () => {
  const { call } = await world.familyWithCall();
  await world.timeArrives(call.id);
  const { call_sid: callSid } = await world.scheduled(call.id);
  await world.ctx.telephony.setCallStatus(callSid!, 'no-answer');
  await untouchedFor(call.id, 11);
  await world.ctx.services.scheduledCalls.sweepStuck();
  expect(await world.scheduled(call.id)).toMatchObject({
    status: 'retry_pending',
    last_outcome: 'no-answer',
  });
});

test('a dial still ringing at Twilio is left alone by the upkeep', async () => {
  const { call } = await world.familyWithCall();
  await world.timeArrives(call.id);
  await untouchedFor(call.id, 11);
  await world.ctx.services.scheduledCalls.sweepStuck();
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'dialing' });
});

test('a claim whose dial never reached Twilio (the process died) is retried by the upkeep', async () => {
  const { call } = await world.familyWithCall();
  await world.timeArrives(call.id);
  await world.ctx.db.query('update scheduled_calls set call_sid = null where id = $1', [call.id]);
  await untouchedFor(call.id, 11);
  await world.ctx.services.scheduledCalls.sweepStuck();
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'retry_pending', last_outcome: 'failed' });
});

test('a connected call whose end was never reported is shown done once Twilio says it ended', async () => {
  const { call, parentPhone } = await world.familyWithCall();
  await world.timeArrives(call.id);
  const { call_sid: callSid } = await world.scheduled(call.id);
  await world.twilioPosts('answer', {
    CallSid: callSid!,
    From: world.ctx.telephony.hotlineNumber,
    To: parentPhone,
    AnsweredBy: 'human',
  });
  await world.ctx.telephony.setCallStatus(callSid!, 'completed');
  await untouchedFor(call.id, 11);
  await world.ctx.services.scheduledCalls.sweepStuck();
  expect(await world.scheduled(call.id)).toMatchObject({ status: 'completed' });
});
