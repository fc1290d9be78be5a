import { expect, test } from 'vitest';
import { runAfterCall, type AfterCallJob } from './after-call-job.ts';

const job: AfterCallJob = {
  conversationId: 'conv_after_call',
  kidName: 'Emma',
  providerSummary: null,
  giftsGiving: null,
  avoidTopics: [],
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
  await expect(runAfterCall(job, [failing, safety])).rejects.toThrow('the summariser is down');
  expect(landed).toEqual(['safety']);
});

test('both halves failing are both reported', async () => {
  const failing = (message: string) => async () => {
    throw new Error(message);
  };
  const run = runAfterCall(job, [failing('summary'), failing('safety')]);
  await expect(run).rejects.toBeInstanceOf(AggregateError);
  await expect(run).rejects.toMatchObject({
    errors: [expect.objectContaining({ message: 'summary' }), expect.objectContaining({ message: 'safety' })],
  });
});

test('both halves get the same job', async () => {
  const seen: AfterCallJob[] = [];
  await runAfterCall(job, [async (j) => void seen.push(j), async (j) => void seen.push(j)]);
  expect(seen).toEqual([job, job]);
});
