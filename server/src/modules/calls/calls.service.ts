import type { Db, Queryable } from '../../db/db.ts';
import * as repo from './calls.repository.ts';
import type { CallRow } from './calls.repository.ts';

/** Reads of the calls table for the parent; the call flow writes it. */
export function createCallsService(db: Db) {
  return {
    /** The parent's own calls, newest first. */
    listHistory: (userId: string, q: Queryable = db): Promise<CallRow[]> => repo.listCallsByUser(q, userId),
  };
}

export type CallsService = ReturnType<typeof createCallsService>;
