import { expect, test } from 'vitest';
import { browserClaimsThatDiffer } from './browser-client-data.ts';
import { GRACE_SECONDS } from './minutes.ts';

const issued = { user_id: 'user-1', seconds_reserved: 120 };
const honest = { conversationId: 'conv-1', callSid: 'conv-1', userIdHint: 'user-1', durationSeconds: 95 };

test('a browser that sends back what we issued is not flagged', () => {
  expect(browserClaimsThatDiffer(honest, issued)).toEqual([]);
  expect(browserClaimsThatDiffer({ ...honest, callSid: null, userIdHint: null }, issued)).toEqual([]);
  expect(browserClaimsThatDiffer({ ...honest, durationSeconds: 120 + GRACE_SECONDS }, issued)).toEqual([]);
});

test('another call’s sid, another family’s id and a call past its limit are each named', () => {
  const tampered = {
    conversationId: 'conv-1',
    callSid: 'CA-other',
    userIdHint: 'user-2',
    durationSeconds: 3600,
  };
  expect(browserClaimsThatDiffer(tampered, issued)).toEqual(['call_sid', 'user_id', 'duration']);
});
