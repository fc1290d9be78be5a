import { expect, test } from 'vitest';
import { runAfterCall, type AfterCallJob } from './after-call-job.ts';
import type { StoredCall } from './after-call.repository.ts';

const job: AfterCallJob = {
  conversationId: 'conv_after_call',
  kidName: 'Emma',
  providerSummary: null,
  giftsGiving: null,
  avoidTopics: [],
};

const call: StoredCall = {
  id: '00000000-0000-4000-8000-000000000001',
  duration: 240,
  transcript: 'Santa: Ho ho ho!',
  summarized: false,
  unsentRecapId: null,
  safetyRead: false,
};

test('a half that fails fails the job, once the other half has landed', async () => {
  const landed: string[] = [];
  const failing = async () => {
    throw new Error('the summariser is down');
  };
  const safety = async () => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    landed.push('safety');
  };
  await expect(runAfterCall(job, call, [failing, safety])).rejects.toThrow('the summariser is down');
  expect(landed).toEqual(['safety']);
});

test('both halves failing are both reported', async () => {
  const failing = (message: string) => async () => {
    throw new Error(message);
  };
  const run = runAfterCall(job, call, [failing('summary'), failing('safety')]);
  await expect(run).rejects.toBeInstanceOf(AggregateError);
  await expect(run).rejects.toMatchObject({
    errors: [expect.objectContaining({ message: 'summary' }), expect.objectContaining({ message: 'safety' })],
  });
});

test('both halves get the same job and the call it read once for them', async () => {
  const seen: [AfterCallJob, StoredCall][] = [];
  const half = async (j: AfterCallJob, c: StoredCall) => void seen.push([j, c]);
  await runAfterCall(job, call, [half, half]);
  expect(seen).toEqual([
    [job, call],
    [job, call],
  ]);
});
