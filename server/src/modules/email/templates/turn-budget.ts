/**
 * Synchronous work that waits for the event loop's coming turns and spends at most `budgetMs` of
 * each, so whatever arrived meanwhile (a ring, a webhook) is answered between them. One piece of
 * work always runs per turn, however long it takes.
 */
export function createTurnBudget(budgetMs: number, now: () => number = () => performance.now()) {
  const waiting: (() => void)[] = [];
  let scheduled = false;

  function runTurn(): void {
    scheduled = false;
    const started = now();
    waiting.shift()!();
    while (waiting.length > 0 && now() - started < budgetMs) waiting.shift()!();
    if (waiting.length > 0) schedule();
  }

  function schedule(): void {
    if (scheduled) return;
    scheduled = true;
    // An immediate set while the loop runs immediates waits for the next turn, after its I/O.
    setImmediate(runTurn);
  }

  /** Runs `work` in a coming turn, within that turn's budget, and answers what it returned. */
  return function inTurn<T>(work: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      waiting.push(() => {
        try {
          resolve(work());
        } catch (error) {
          reject(error as Error);
        }
      });
      schedule();
    });
  };
}
