import { describe, expect, it } from 'vitest';
import { countingTurns } from '../../../../test/fixtures/event-loop-turns.ts';
import { createTurnBudget } from './turn-budget.ts';

/** A clock that moves only when the work says it took time. */
function fakeClock() {
  let ms = 0;
  return { now: () => ms, spend: (taken: number) => (ms += taken) };
}

describe('work that waits for the event loop’s turns', () => {
  it('runs what waits together in one turn while that turn’s budget lasts, the rest in the next', async () => {
    const clock = fakeClock();
    const inTurn = createTurnBudget(3, clock.now);
    const turns = await countingTurns((turn) =>
      Promise.all(Array.from({ length: 7 }, () => inTurn(() => clock.spend(1)).then(() => turn()))),
    );
    const perTurn = [...new Set(turns)].map((t) => turns.filter((each) => each === t).length);
    expect(perTurn).toEqual([3, 3, 1]);
  });

  it('runs a piece of work longer than the budget on its own, one per turn', async () => {
    const clock = fakeClock();
    const inTurn = createTurnBudget(3, clock.now);
    const turns = await countingTurns((turn) =>
      Promise.all([1, 2, 3].map(() => inTurn(() => clock.spend(5)).then(() => turn()))),
    );
    expect(new Set(turns).size).toBe(3);
  });

  it('answers each piece of work with what it returned, and a failure only to its own caller', async () => {
    const inTurn = createTurnBudget(3);
    const results = await Promise.allSettled([
      inTurn(() => 'Olivia'),
      inTurn(() => {
        throw new Error('no template');
      }),
      inTurn(() => 'Leo'),
    ]);
    expect(
      results.map((result) => (result.status === 'fulfilled' ? result.value : result.reason.message)),
    ).toEqual(['Olivia', 'no template', 'Leo']);
  });
});
