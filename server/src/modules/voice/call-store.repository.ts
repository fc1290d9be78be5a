import type { CallChannel } from '@santa/shared/calls';
import type { Queryable } from '../../db/db.ts';
import { placeholders } from '../../db/sql-array.ts';
import { scheduleDeletionsOf } from './provider-deletions.repository.ts';
import {
  lockAndFinishReservation,
  type ReservationRow,
  type SettledInStatement,
} from './reservations.repository.ts';

export interface NewCallRecord {
  userId: string;
  conversationId: string;
  callSid: string | null;
  phoneNumber: string | null;
  durationSeconds: number;
  transcript: string;
  summary: string;
  audioKey: string | null;
  createdAt: Date;
  /** Made on a pass, or by a family holding one: its recording needs no unlock. */
  recordingIncluded: boolean;
  /** The child who spoke (decision 0024); null when no child could be told. */
  childId?: string | null;
  /** A browser call's record says so; phone is the default. */
  channel?: CallChannel;
  /** The voice provider's copy is deleted once the call's audio is stored (provider-deletions.ts). */
  deletesProviderCopy?: boolean;
}

/** What storing a call answers: no callId for a replayed event, which inserted nothing. */
export interface StoredCall {
  callId: string | undefined;
  /** The reservation the call settles, locked, as it stood before the statement. */
  reservation: ReservationRow | undefined;
  /** The seconds billed, and charged, when the statement finished the reservation too. */
  billedInStatement: number | undefined;
  /** The charge spent a plan that sells one call (Pay Per Call). */
  spentOneCallPlan: boolean;
}

/**
 * Idempotent by conversation id (and call sid): a replayed event inserts nothing (no callId).
 * In the same statement (the post-call webhook of every call), the reservation the call settles
 * is locked for the rest of any transaction, and finished and charged when its bill allows; the
 * deletion of the provider's copy is scheduled when the call asks for it; and `jobs` (an insert,
 * given the condition it holds to) are queued with a call that was stored.
 */
export async function insertCallRecord(
  q: Queryable,
  call: NewCallRecord,
  writes: {
    settles: SettledInStatement | null;
    jobs: (param: (value: unknown) => string, when: string) => string;
  },
): Promise<StoredCall> {
  const { settles } = writes;
  const { values, param } = placeholders([
    call.userId,
    call.conversationId,
    call.callSid,
    call.phoneNumber,
    call.durationSeconds,
    call.transcript,
    call.summary,
    call.audioKey,
    call.createdAt,
    call.recordingIncluded,
    call.childId ?? null,
    call.channel ?? 'phone',
    call.deletesProviderCopy === true,
  ]);
  const reservation = settles
    ? `${lockAndFinishReservation(settles, param, 'exists (select 1 from inserted)')},
       charged as (${settles.charge(param, 'finished')})`
    : `locked as (select * from call_reservations where false), finished as (select null::int as billed),
       charged as (select false as spent_one_call_plan)`;
  const { rows } = await q.query<
    ReservationRow & { inserted_call_id: string | null; billed_here: number | null; spent: boolean | null }
  >(
    `with inserted as (
       insert into calls (user_id, conversation_id, call_sid, phone_number, duration, transcript, summary, audio_key, status, created_at, recording_purchased, child_id, channel)
       values ($1, $2, $3, $4, $5, $6, $7, $8, 'completed', $9, $10, $11, $12)
       on conflict do nothing
       returning id, conversation_id
     ), scheduled as (
       ${scheduleDeletionsOf('inserted where $13')}
     ), queued as (
       ${writes.jobs(param, 'exists (select 1 from inserted)')}
     ), ${reservation}
     select (select id from inserted) as inserted_call_id, (select billed from finished) as billed_here,
            (select spent_one_call_plan from charged) as spent, l.*
     from (select 1) as asked left join locked l on true`,
    values,
  );
  const { inserted_call_id: callId, billed_here: billed, spent, ...locked } = rows[0]!;
  return {
    callId: callId ?? undefined,
    reservation: locked.id ? locked : undefined,
    billedInStatement: billed ?? undefined,
    spentOneCallPlan: spent === true,
  };
}
