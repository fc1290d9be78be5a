import {
  KEEPSAKE_GONE_MESSAGE,
  KEEPSAKE_NOT_FOUND_MESSAGE,
  MAX_ACTIVE_SHARE_LINKS,
  NOTHING_TO_SHARE_MESSAGE,
  SHARE_LINK_NOT_FOUND_MESSAGE,
  TOO_MANY_LINKS_MESSAGE,
  firstName,
  type CreatedShareLink,
  type Keepsake,
  type ShareLink,
  type ShareLinks,
} from '@santa/shared/keepsakes';
import { isEmptyRecap } from '@santa/shared/recap';
import { CALL_NOT_FOUND_MESSAGE } from '@santa/shared/voice';
import type { Db } from '../../db/db.ts';
import { isUuid } from '../../db/uuid.ts';
import { AppError } from '../../http/errors.ts';
import type { PlayableRecording } from '../../http/send-recording.ts';
import { hashToken, newToken } from '../auth/tokens.ts';
import { nameOfCallChild } from '../children/attribution.ts';
import type { CallKeepsake } from '../voice/calls.service.ts';
import { renderCertificate } from './certificate.ts';
import * as repo from './share-links.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const NO_RECORDING = 'There is no recording to play on this keepsake.';

export interface KeepsakesDeps {
  db: Db;
  /** The voice module's reads of a family's own call. */
  calls: {
    keepsakeOf(userId: string, callId: string): Promise<CallKeepsake | undefined>;
    openRecording(userId: string, callId: string): Promise<PlayableRecording>;
  };
  /** The children module: a call is the child's who spoke on it (decision 0024), read when opened. */
  children: {
    familyChildren(userId: string): Promise<{ children: { id: string; kid_name: string }[] } | undefined>;
  };
  publicUrl: string;
  now?: () => Date;
}

export interface Certificate {
  pdf: Uint8Array;
  childName: string | null;
}

const presentLink = (row: repo.ShareLinkRow): ShareLink => ({
  id: row.id,
  created_at: new Date(row.created_at).toISOString(),
  expires_at: new Date(row.expires_at).toISOString(),
});

/**
 * A family's calls shared by link. The link is the proof: its token is shown once to the parent
 * and only its SHA-256 kept. Everything a listener sees is read when they open it, so a recap
 * cleared, a recording deleted by the retention schedule or a profile deleted shows at once.
 */
export function createKeepsakesService(deps: KeepsakesDeps) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());

  async function ownCall(userId: string, callId: string): Promise<CallKeepsake> {
    const call = await deps.calls.keepsakeOf(userId, callId);
    if (!call) throw new AppError('not_found', CALL_NOT_FOUND_MESSAGE);
    return call;
  }

  /** The link behind a token while it works; 404 for a token never issued, 410 once it stopped. */
  async function workingLink(token: string): Promise<repo.ShareLinkRow> {
    const link = token ? await repo.findByTokenHash(db, hashToken(token)) : undefined;
    if (!link) throw new AppError('not_found', KEEPSAKE_NOT_FOUND_MESSAGE);
    if (link.revoked_at || new Date(link.expires_at) <= now())
      throw new AppError('gone', KEEPSAKE_GONE_MESSAGE);
    return link;
  }

  /**
   * The first name of the child who spoke on the call; with one child, theirs; none when several
   * children might have spoken (a certificate for the wrong child is worse than "your child").
   */
  async function childNameOf(userId: string, call: CallKeepsake): Promise<string | null> {
    const family = (await deps.children.familyChildren(userId))?.children ?? [];
    return firstName(nameOfCallChild(family, call.childId));
  }

  async function certificate(userId: string, call: CallKeepsake): Promise<Certificate> {
    const childName = await childNameOf(userId, call);
    return {
      pdf: await renderCertificate({ childName, calledAt: call.calledAt, recap: call.recap }),
      childName,
    };
  }

  return {
    async list(userId: string, callId: string): Promise<ShareLinks> {
      const call = await ownCall(userId, callId);
      const links = await repo.listActiveLinks(db, userId, call.id, now());
      return { links: links.map(presentLink), includes_recording: call.playable };
    },

    /** A new link for a call with something to share: a recap, or a recording the family may play. */
    async create(userId: string, callId: string, days: number): Promise<CreatedShareLink> {
      const call = await ownCall(userId, callId);
      if (isEmptyRecap(call.recap) && !call.playable)
        throw new AppError('conflict', NOTHING_TO_SHARE_MESSAGE);
      // Two links made in the same instant may pass this count together; one link too many is harmless.
      const active = await repo.listActiveLinks(db, userId, call.id, now());
      if (active.length >= MAX_ACTIVE_SHARE_LINKS) throw new AppError('conflict', TOO_MANY_LINKS_MESSAGE);
      const token = newToken();
      const row = await repo.insertShareLink(db, {
        tokenHash: hashToken(token),
        callId: call.id,
        userId,
        expiresAt: new Date(now().getTime() + days * DAY_MS),
      });
      return { ...presentLink(row), url: `${deps.publicUrl}/keepsake/${token}` };
    },

    async revoke(userId: string, callId: string, linkId: string): Promise<void> {
      const call = await ownCall(userId, callId);
      const revoked = isUuid(linkId)
        ? await repo.revokeLink(db, { id: linkId, callId: call.id, userId }, now())
        : false;
      if (!revoked) throw new AppError('not_found', SHARE_LINK_NOT_FOUND_MESSAGE);
    },

    /** The parent's own certificate for one of their calls. */
    async certificateFor(userId: string, callId: string): Promise<Certificate> {
      return certificate(userId, await ownCall(userId, callId));
    },

    /** What a listener sees: the child's first name, the date, the recap, and the recording's address. */
    async open(token: string): Promise<Keepsake> {
      const link = await workingLink(token);
      const call = await deps.calls.keepsakeOf(link.user_id, link.call_id);
      if (!call) throw new AppError('not_found', KEEPSAKE_NOT_FOUND_MESSAGE);
      const base = `/api/keepsakes/${encodeURIComponent(token)}`;
      return {
        child_name: await childNameOf(link.user_id, call),
        called_at: call.calledAt.toISOString(),
        recap: isEmptyRecap(call.recap) ? null : call.recap,
        recording_url: call.playable ? `${base}/recording` : null,
        certificate_url: `${base}/certificate`,
        expires_at: new Date(link.expires_at).toISOString(),
      };
    },

    /**
     * The recording by the family's own rule (unlocked, still kept); a listener is told only that
     * there is none to play, never that it is waiting to be bought.
     */
    async openRecording(token: string): Promise<PlayableRecording> {
      const link = await workingLink(token);
      try {
        return await deps.calls.openRecording(link.user_id, link.call_id);
      } catch (error) {
        if (error instanceof AppError) throw new AppError('not_found', NO_RECORDING);
        throw error;
      }
    },

    async certificateByToken(token: string): Promise<Certificate> {
      const link = await workingLink(token);
      const call = await deps.calls.keepsakeOf(link.user_id, link.call_id);
      if (!call) throw new AppError('not_found', KEEPSAKE_NOT_FOUND_MESSAGE);
      return certificate(link.user_id, call);
    },

    /** The family's links that still work, across its calls (the admin's user view). */
    activeLinkCount: (userId: string): Promise<number> => repo.countActiveLinks(db, userId, now()),
  };
}

export type KeepsakesService = ReturnType<typeof createKeepsakesService>;
