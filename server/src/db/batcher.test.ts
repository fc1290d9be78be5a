import { setImmediate as endOfTurn } from 'node:timers/promises';
import { expect, test } from 'vitest';
import { createBatcher } from './batcher.ts';

/** A batch function whose round trips the test finishes by hand. */
function manualRoundTrips() {
  const sent: { items: number[]; finish: () => void; fail: (error: Error) => void }[] = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      sent.push({ items, finish: () => resolve(items.map((item) => `#${item}`)), fail: reject });
    });
  return { sent, run };
}

test('a lone call leaves at the end of the event-loop turn, in a batch of its own', async () => {
  const { sent, run } = manualRoundTrips();
  const load = createBatcher(run);
  const answer = load(1);
  expect(sent).toEqual([]);
  await endOfTurn();
  expect(sent.map((batch) => batch.items)).toEqual([[1]]);
  sent[0]!.finish();
  expect(await answer).toBe('#1');
});

test('calls made in the same turn leave together, even when they come from separate promise chains', async () => {
  const { sent, run } = manualRoundTrips();
  const load = createBatcher(run);
  // Like five callers recognised by one batch, each reaching its reservation a few awaits later.
  const answers: Promise<string>[] = [];
  const callers = [1, 2, 3, 4, 5].map(async (item) => {
    for (let hop = 0; hop < item; hop += 1) await Promise.resolve();
    answers.push(load(item));
  });
  await Promise.all(callers);
  expect(sent).toEqual([]);
  await endOfTurn();
  expect(sent.map((batch) => batch.items)).toEqual([[1, 2, 3, 4, 5]]);
  sent[0]!.finish();
  expect(await Promise.all(answers)).toEqual(['#1', '#2', '#3', '#4', '#5']);
});

test('calls that arrive while a batch is in flight leave together as the next batch', async () => {
  const { sent, run } = manualRoundTrips();
  const load = createBatcher(run, { concurrency: 1 });
  const first = load(1);
  await endOfTurn();
  const answers = [first, ...[2, 3, 4].map(load)];
  await endOfTurn();
  expect(sent.map((batch) => batch.items)).toEqual([[1]]);
  sent[0]!.finish();
  await answers[0];
  await Promise.resolve();
  expect(sent.map((batch) => batch.items)).toEqual([[1], [2, 3, 4]]);
  sent[1]!.finish();
  expect(await Promise.all(answers)).toEqual(['#1', '#2', '#3', '#4']);
});

test('up to `concurrency` batches are in flight at once, each at most maxBatch items', async () => {
  const { sent, run } = manualRoundTrips();
  const load = createBatcher(run, { concurrency: 2, maxBatch: 2 });
  for (const item of [1, 2, 3, 4, 5]) void load(item);
  await endOfTurn();
  expect(sent.map((batch) => batch.items)).toEqual([
    [1, 2],
    [3, 4],
  ]);
});

test('a failed round trip rejects every call of its batch, and the next batch still leaves', async () => {
  const { sent, run } = manualRoundTrips();
  const load = createBatcher(run, { concurrency: 1 });
  const first = load(1);
  await endOfTurn();
  const queued = [load(2), load(3)];
  await endOfTurn();
  sent[0]!.fail(new Error('connection reset'));
  await expect(first).rejects.toThrow('connection reset');
  await Promise.resolve();
  expect(sent[1]?.items).toEqual([2, 3]);
  sent[1]!.fail(new Error('still down'));
  for (const call of queued) await expect(call).rejects.toThrow('still down');
  const later = load(4);
  await endOfTurn();
  sent[2]!.finish();
  expect(await later).toBe('#4');
});

test('a batch that answers the wrong number of results rejects its calls instead of mismatching them', async () => {
  const load = createBatcher(async (items: number[]) => items.slice(1));
  await expect(load(1)).rejects.toThrow('batch answered 0 results for 1 items');
});
