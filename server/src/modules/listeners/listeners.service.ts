import {
  LISTENER_INVITE_DAYS,
  LISTENER_MESSAGES,
  LISTENERS_LIMIT,
  type InvitationResponse,
  type InviteListenerInput,
  type ListenedCall,
  type Listener,
  type ListenersResponse,
  type ListeningResponse,
} from '@santa/shared/listeners';
import type { Db, Queryable } from '../../db/db.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../http/errors.ts';
import { hashToken } from '../auth/tokens.ts';
import { nameOfCallChild } from '../children/attribution.ts';
import type { ListenedCallParts, Recording } from '../voice/calls.service.ts';
import * as repo from './listeners.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface ListenersDeps {
  db: Db;
  /** The voice module's reads of the family's calls. */
  calls: {
    listenedCalls(userId: string): Promise<ListenedCallParts[]>;
    openRecording(userId: string, callId: string): Promise<Recording>;
  };
  /** The children module: each call names the child who spoke. */
  children: {
    familyChildren(userId: string): Promise<{ children: { id: string; kid_name: string }[] } | undefined>;
  };
  /** The auth module: the family's name, and its lock while an invitation is counted. */
  accounts: {
    findAccount(userId: string): Promise<{ name: string; email: string } | undefined>;
    /** Whether `email` is the account's own address; if so the mailed link has proven it. */
    proveEmail(q: Queryable, userId: string, email: string): Promise<boolean>;
    lockAccount(q: Queryable, userId: string): Promise<unknown>;
  };
  /** The email module: the invitation's email, queued in the invitation's transaction. */
  emails: {
    listenerInvite(tx: Queryable, invite: { inviteId: string; userId: string; to: string }): Promise<unknown>;
  };
  publicUrl: string;
  now?: () => Date;
}

const presentListener = (row: repo.ListenerRow): Listener => ({
  id: row.id,
  name: row.name,
  email: row.email,
  status: row.listener_user_id ? 'joined' : 'invited',
  invited_at: new Date(row.invited_at).toISOString(),
});

/**
 * Owns family_listeners (decision 0026): a family invites grandparents and other family by email;
 * whoever accepts the link sees the family's calls, recaps and playable recordings, and nothing
 * else. The link's token is minted when its email is sent; only its SHA-256 is kept.
 */
export function createListenersService(deps: ListenersDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const isExpired = (invitedAt: Date) =>
    now().getTime() - new Date(invitedAt).getTime() > LISTENER_INVITE_DAYS * DAY_MS;
  const notFound = () => new AppError('not_found', LISTENER_MESSAGES.notFound);

  async function listened(familyUserId: string, membershipId: string): Promise<ListenedCall[]> {
    const [calls, family] = await Promise.all([
      deps.calls.listenedCalls(familyUserId),
      deps.children.familyChildren(familyUserId),
    ]);
    return calls.map((call) => ({
      id: call.id,
      created_at: call.calledAt.toISOString(),
      duration: call.duration,
      child_name: nameOfCallChild(family?.children ?? [], call.childId),
      summary: call.summary,
      recap: call.recap,
      recording_url: call.playable ? `/api/listening/${membershipId}/calls/${call.id}/recording` : null,
    }));
  }

  return {
    async list(userId: string): Promise<ListenersResponse> {
      return {
        listeners: (await repo.listForFamily(db, userId)).map(presentListener),
        limit: LISTENERS_LIMIT,
      };
    },

    async invite(userId: string, input: InviteListenerInput): Promise<string> {
      const account = await deps.accounts.findAccount(userId);
      if (account?.email.toLowerCase() === input.email)
        throw new AppError('conflict', LISTENER_MESSAGES.ownFamily);
      await db.transaction(async (tx) => {
        await deps.accounts.lockAccount(tx, userId);
        if ((await repo.listForFamily(tx, userId)).length >= LISTENERS_LIMIT)
          throw new AppError('conflict', LISTENER_MESSAGES.tooMany);
        const id = await repo.insertInvite(tx, { userId, email: input.email, name: input.name });
        if (!id) throw new AppError('conflict', LISTENER_MESSAGES.alreadyInvited);
        await deps.emails.listenerInvite(tx, { inviteId: id, userId, to: input.email });
      });
      return LISTENER_MESSAGES.invited(input.name);
    },

    /** How many people the family invited to listen (joined or not): the admin's count. */
    async countOf(userId: string): Promise<number> {
      return (await repo.listForFamily(db, userId)).length;
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!(isUuid(id) && (await repo.deleteListener(db, userId, id)))) throw notFound();
    },

    /** Whose invitation the emailed link is, so its page can name the family before accepting. */
    async invitation(token: string): Promise<InvitationResponse> {
      const row = await repo.findByTokenHash(db, hashToken(token), false);
      if (!row) throw notFound();
      return {
        family_name: (await deps.accounts.findAccount(row.user_id))?.name ?? 'A family',
        invitee_name: row.name,
        expired: isExpired(row.invited_at),
      };
    },

    /** The signed-in person accepts the emailed link; answers the family's name. */
    async accept(listenerUserId: string, token: string): Promise<string> {
      const familyUserId = await db.transaction(async (tx) => {
        const row = await repo.findByTokenHash(tx, hashToken(token));
        if (!row) throw notFound();
        if (isExpired(row.invited_at)) throw new AppError('gone', LISTENER_MESSAGES.expired);
        if (row.user_id === listenerUserId) throw new AppError('conflict', LISTENER_MESSAGES.ownFamily);
        // The link is no bearer pass: it was mailed only to the invited address, so it joins the
        // account of that address (and proves it, as a password reset does), and no other.
        if (!(await deps.accounts.proveEmail(tx, listenerUserId, row.email)))
          throw new AppError('forbidden', LISTENER_MESSAGES.otherAddress(row.email));
        await repo.accept(tx, row.id, listenerUserId);
        return row.user_id;
      });
      return LISTENER_MESSAGES.joined((await deps.accounts.findAccount(familyUserId))?.name ?? 'the family');
    },

    /** Every family this person listens to, with its calls. */
    async listening(listenerUserId: string): Promise<ListeningResponse> {
      const memberships = await repo.listMemberships(db, listenerUserId);
      return {
        families: await Promise.all(
          memberships.map(async (membership) => ({
            id: membership.id,
            family_name: (await deps.accounts.findAccount(membership.user_id))?.name ?? 'A family',
            calls: await listened(membership.user_id, membership.id),
          })),
        ),
      };
    },

    /** A recording of a family this person listens to, when the family may play it. */
    async openRecording(listenerUserId: string, membershipId: string, callId: string): Promise<Recording> {
      const membership = isUuid(membershipId)
        ? await repo.findMembership(db, membershipId, listenerUserId)
        : undefined;
      if (!membership) throw notFound();
      return deps.calls.openRecording(membership.user_id, callId);
    },
  };
}

export type ListenersService = ReturnType<typeof createListenersService>;
