import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { formatBillingDate } from '@santa/shared/billing-terms';
import { formatPrice, planName } from '@santa/shared/plans';
import { callRecapSchema, type CallRecap } from '@santa/shared/recap';
import { LISTENER_INVITE_DAYS } from '@santa/shared/listeners';
import type { Db, Queryable } from '../../db/db.ts';
import { QUEUES, type JobSender } from '../../jobs/queues.ts';
import type { Mailer } from '../../providers/email/mailer.ts';
import { billingContent, billingEmailRequests } from './billing-emails.ts';
import { lineContent, lineEmailRequests } from './line-emails.ts';
import { recordingContent, recordingEmailRequests } from './recording-emails.ts';
import { checkoutContent, checkoutEmailRequests } from './checkout-emails.ts';
import * as repo from './email.repository.ts';
import type { EmailRow } from './email.repository.ts';
import type { EmailContent, EmailKind } from './templates/email-content.ts';
import { renderEmail } from './templates/render-email.tsx';

/** A call whose summary was just written: what its recap email tells the parent. */
export interface RecappedCall {
  callId: string;
  userId: string;
  kidName: string | null;
  durationSeconds: number;
  summary: string;
  recap: CallRecap;
}

/** The email job's data: only the row's id, so no address or link rests in the queue. */
export interface EmailJob {
  emailId: string;
}

/**
 * Single-use links are minted when the email is sent, not when it is asked for: the token then
 * exists only in the email itself (the database keeps its hash), never in the queue's tables.
 */
export interface EmailLinks {
  passwordResetUrl(userId: string): Promise<{ url: string; validMinutes: number }>;
  verifyEmailUrl(userId: string, email: string): Promise<string>;
  /** The family's download link (privacy module), minted when its email is sent. */
  exportDownloadUrl?(exportId: string): Promise<{ url: string; validHours: number }>;
  /** A gift's redeem link (gifts module), its code minted as the recipient's email is sent. */
  giftRedeemLink?(giftId: string): Promise<GiftRedeemLink>;
  /** A fresh link for an invitation to listen (decision 0026); undefined once it was accepted. */
  listenerInviteLink?(inviteId: string): Promise<{ url: string; inviteeName: string } | undefined>;
}

/** What the recipient's email says; the code in `redeemUrl` exists nowhere else. */
export interface GiftRedeemLink {
  redeemUrl: string;
  giverName: string;
  recipientName: string | null;
  message: string | null;
  planName: string;
}

/** The buyer's receipt, decided once per gift when Stripe says it is paid. */
export interface GiftReceipt {
  giftId: string;
  /** The buyer's account when they were signed in: the receipt goes with it. */
  userId: string | null;
  to: string;
  buyerName: string;
  recipientName: string | null;
  plan: string;
  amountCents: number;
  deliverOn: string;
}

/** An account email's owner: every kind but a gift's has one. */
function accountOf(row: EmailRow): string {
  if (!row.user_id) throw new Error(`${row.kind} email without its account`);
  return row.user_id;
}

export interface EmailServiceDeps {
  db: Db;
  mailer: Mailer;
  jobs: JobSender;
  links: EmailLinks;
  publicUrl: string;
  logger: Logger;
}

/** Owns the emails table: each email is decided once per event, then sent by the email job. */
export function createEmailService(deps: EmailServiceDeps) {
  const { db, publicUrl } = deps;

  /**
   * Records the email for (kind, eventKey) and queues its job in the same transaction; a second
   * request for the same event (a replayed webhook) finds the row and sends nothing.
   */
  async function queue(
    request: {
      kind: EmailKind;
      eventKey: string;
      userId: string | null;
      giftId?: string;
      listenerId?: string;
      toAddress?: string;
      data?: object;
    },
    tx?: Queryable,
  ): Promise<boolean> {
    const run = async (q: Queryable) => {
      const id = await repo.insertEmail(q, request);
      if (id) await deps.jobs.send(QUEUES.email, { emailId: id } satisfies EmailJob, q);
      return id !== undefined;
    };
    return tx ? run(tx) : db.transaction(run);
  }

  /** Undefined: the email is no longer wanted (an invitation accepted meanwhile). */
  async function contentOf(row: EmailRow, to: string): Promise<EmailContent | undefined> {
    const name = row.account_name;
    const data = row.data;
    switch (row.kind) {
      case 'welcome':
        return { kind: 'welcome', name, verifyUrl: await deps.links.verifyEmailUrl(accountOf(row), to) };
      case 'verify_email':
        return {
          kind: 'verify_email',
          name,
          email: to,
          change: data.change === true,
          verifyUrl: await deps.links.verifyEmailUrl(accountOf(row), to),
        };
      case 'password_reset': {
        const link = await deps.links.passwordResetUrl(accountOf(row));
        return { kind: 'password_reset', name, resetUrl: link.url, validMinutes: link.validMinutes };
      }
      case 'call_recap':
        return {
          kind: 'call_recap',
          name,
          kidName: typeof data.kidName === 'string' ? data.kidName : null,
          minutes: typeof data.minutes === 'number' ? data.minutes : 1,
          summary: typeof data.summary === 'string' ? data.summary : null,
          recap: callRecapSchema.safeParse(data.recap).data ?? null,
          callsUrl: `${publicUrl}/calls`,
          preferencesUrl: `${publicUrl}/account#email-preferences`,
        };
      case 'inactivity_warning':
        return {
          kind: 'inactivity_warning',
          name,
          deleteOn: formatBillingDate(String(data.deleteOn)),
          inactiveMonths: typeof data.inactiveMonths === 'number' ? data.inactiveMonths : 24,
          signInUrl: `${publicUrl}/auth`,
        };
      case 'export_ready': {
        if (!deps.links.exportDownloadUrl || typeof data.exportId !== 'string')
          throw new Error('export_ready email without its download');
        const link = await deps.links.exportDownloadUrl(data.exportId);
        return {
          kind: 'export_ready',
          name,
          downloadUrl: link.url,
          validHours: link.validHours,
          privacyUrl: `${publicUrl}/account/privacy`,
        };
      }
      case 'payment_failed':
        return {
          kind: 'payment_failed',
          name,
          updateUrl: typeof data.updateUrl === 'string' ? data.updateUrl : `${publicUrl}/dashboard`,
          dashboardUrl: `${publicUrl}/dashboard`,
        };
      case 'gift_receipt':
        return {
          kind: 'gift_receipt',
          buyerName: String(data.buyerName ?? ''),
          recipientName: typeof data.recipientName === 'string' ? data.recipientName : null,
          planName: planName(String(data.plan)),
          amount: formatPrice(Number(data.amountCents)),
          deliverOn: formatBillingDate(`${String(data.deliverOn)}T12:00:00Z`),
          giftUrl: `${publicUrl}/gift`,
        };
      case 'gift_delivery': {
        if (!deps.links.giftRedeemLink || !row.gift_id)
          throw new Error('gift_delivery email without its gift');
        return { kind: 'gift_delivery', ...(await deps.links.giftRedeemLink(row.gift_id)) };
      }
      case 'listener_invite': {
        const link = row.listener_id ? await deps.links.listenerInviteLink?.(row.listener_id) : undefined;
        if (!link) return undefined;
        return {
          kind: 'listener_invite',
          familyName: name,
          inviteeName: link.inviteeName,
          acceptUrl: link.url,
          validDays: LISTENER_INVITE_DAYS,
        };
      }
      default: {
        const content =
          billingContent(row, name, publicUrl) ??
          lineContent(row, name, publicUrl) ??
          recordingContent(row, name, publicUrl) ??
          checkoutContent(row, name, publicUrl);
        if (!content) throw new Error(`no content for email kind ${row.kind}`);
        return content;
      }
    }
  }

  return {
    queue,
    ...billingEmailRequests(queue),
    ...lineEmailRequests(queue),
    ...recordingEmailRequests(queue),
    ...checkoutEmailRequests(queue),

    /** The email job: renders and sends one email; a failure throws so the queue retries it. */
    async deliver(job: EmailJob): Promise<void> {
      const row = await repo.findEmail(db, job.emailId);
      // Sent by an earlier attempt, or the account is gone (its emails went with it).
      if (!row || row.sent_at) return;
      const to = row.to_address ?? row.account_email;
      const content = await contentOf(row, to);
      if (!content) return;
      const rendered = await renderEmail(content, publicUrl);
      await deps.mailer.send({ to, ...rendered });
      await repo.markSent(db, row.id, to);
      deps.logger.info({ emailId: row.id, kind: row.kind }, 'email sent');
    },

    /** Sign-up: welcome, with the link that verifies the address; in the sign-up's transaction. */
    welcome: (tx: Queryable, userId: string) => queue({ kind: 'welcome', eventKey: userId, userId }, tx),

    /** Each request is its own event: a parent who asks twice gets two links. */
    passwordReset: (userId: string) => queue({ kind: 'password_reset', eventKey: randomUUID(), userId }),

    /** A link to `email`: the account's own (resend) or a new address (change, `change: true`). */
    verifyEmail: (userId: string, email: string, change: boolean) =>
      queue({ kind: 'verify_email', eventKey: randomUUID(), userId, toAddress: email, data: { change } }),

    /**
     * In the transaction that writes the call's summary, once per call, unless the parent turned
     * recaps off; it carries what the child told Santa.
     */
    async callRecap(tx: Queryable, call: RecappedCall): Promise<void> {
      if (!(await repo.findPreferences(tx, call.userId)).call_recaps) return;
      await queue(
        {
          kind: 'call_recap',
          eventKey: call.callId,
          userId: call.userId,
          data: {
            kidName: call.kidName,
            minutes: Math.max(1, Math.round(call.durationSeconds / 60)),
            summary: call.summary,
            recap: call.recap,
          },
        },
        tx,
      );
    },

    /** An unused account's warning, once per period of inactivity, with the warning's mark. */
    inactivityWarning: (
      tx: Queryable,
      warning: { userId: string; eventKey: string; deleteOn: Date; inactiveMonths: number },
    ) =>
      queue(
        {
          kind: 'inactivity_warning',
          eventKey: warning.eventKey,
          userId: warning.userId,
          data: { deleteOn: warning.deleteOn.toISOString(), inactiveMonths: warning.inactiveMonths },
        },
        tx,
      ).then(() => undefined),
    /** Once per download request, when its archive is ready. */
    exportReady: (userId: string, exportId: string) =>
      queue({ kind: 'export_ready', eventKey: exportId, userId, data: { exportId } }),

    /** Stripe's invoice.payment_failed, once per event id: a replayed delivery sends nothing. */
    async paymentFailed(failure: {
      eventId: string;
      userId: string;
      updateUrl: string | null;
    }): Promise<void> {
      await queue({
        kind: 'payment_failed',
        eventKey: failure.eventId,
        userId: failure.userId,
        data: { updateUrl: failure.updateUrl },
      });
    },

    /** The buyer's receipt, in the transaction that records the gift paid: once per gift. */
    giftReceipt: (tx: Queryable, receipt: GiftReceipt) =>
      queue(
        {
          kind: 'gift_receipt',
          eventKey: receipt.giftId,
          userId: receipt.userId,
          giftId: receipt.giftId,
          toAddress: receipt.to,
          data: {
            buyerName: receipt.buyerName,
            recipientName: receipt.recipientName,
            plan: receipt.plan,
            amountCents: receipt.amountCents,
            deliverOn: receipt.deliverOn,
          },
        },
        tx,
      ),

    /** The recipient's email on the delivery day, once per gift; its link is minted when sent. */
    giftDelivery: (tx: Queryable, delivery: { giftId: string; to: string }) =>
      queue(
        {
          kind: 'gift_delivery',
          eventKey: delivery.giftId,
          userId: null,
          giftId: delivery.giftId,
          toAddress: delivery.to,
        },
        tx,
      ),

    /** An invitation to listen, in its transaction; the link is minted when the email is sent. */
    listenerInvite: (tx: Queryable, invite: { inviteId: string; userId: string; to: string }) =>
      queue(
        {
          kind: 'listener_invite',
          eventKey: invite.inviteId,
          userId: invite.userId,
          listenerId: invite.inviteId,
          toAddress: invite.to,
        },
        tx,
      ),

    /** A deleted account's gifts: the emails that carried them go too (their address is in them). */
    forgetGiftEmails: (tx: Queryable, giftIds: string[]) => repo.deleteGiftEmails(tx, giftIds),

    preferences: (userId: string) => repo.findPreferences(db, userId),
    savePreferences: (userId: string, prefs: repo.EmailPreferencesRow) =>
      repo.savePreferences(db, userId, prefs),
  };
}

export type EmailService = ReturnType<typeof createEmailService>;
