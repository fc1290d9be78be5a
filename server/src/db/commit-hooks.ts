/**
 * What a transaction runs once its COMMIT has returned (Queryable.afterCommit). Work told of a
 * write before then (a job queue's worker woken for a job) would look for it and not yet find it.
 */
export function commitHooks() {
  const waiting: (() => void)[] = [];
  return {
    add(fn: () => void): void {
      waiting.push(fn);
    },
    committed(): void {
      for (const fn of waiting.splice(0)) fn();
    },
  };
}

/** The database itself: each statement has committed by the time it returns. */
export const runNow = (fn: () => void): void => fn();
