import type { RecappedCall } from '@santa/shared/recap';
import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import { createWriteBatcher } from '../../db/batcher.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { QUEUES, type JobSender } from '../../jobs/queues.ts';
import type { Mailer } from '../../providers/email/mailer.ts';
import { accountContent } from './account-emails.ts';
import { billingContent, billingEmailRequests } from './billing-emails.ts';
import type { ContentTable, EmailLinks, GiftRedeemLink } from './email-content-of.ts';

export type { EmailLinks, GiftRedeemLink };
import { familyContent } from './family-emails.ts';
import { giftAndListenerContent } from './gift-emails.ts';
import { lineContent, lineEmailRequests } from './line-emails.ts';
import { recordingContent, recordingEmailRequests } from './recording-emails.ts';
import { checkoutContent, checkoutEmailRequests } from './checkout-emails.ts';
import * as repo from './email.repository.ts';
import type { EmailRow } from './email.repository.ts';
import type { EmailContent, EmailKind } from './templates/email-content.ts';
import { renderEmail } from './templates/render-email.tsx';

/** The email job's data: only the row's id, so no address or link rests in the queue. */
export interface EmailJob {
  emailId: string;
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

/** Each email's content, filled in beside its area's other emails. */
const CONTENT: ContentTable = { ...accountContent, ...familyContent, ...giftAndListenerContent };

/** A whole row, as the statement that wrote it returned it, rather than an id alone. */
const isEmailRow = (email: { id: string }): email is EmailRow => 'kind' in email && 'account_email' in email;

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
  // The recaps of a batch of summary jobs go out together: their sent marks share one statement.
  const markSent = createWriteBatcher((sent: { id: string; toAddress: string }[]) => repo.markSent(db, sent));

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
    const fill = CONTENT[row.kind];
    if (fill) return fill({ row, to, name, data: row.data, links: deps.links, publicUrl });
    const content =
      billingContent(row, name, publicUrl) ??
      lineContent(row, name, publicUrl) ??
      recordingContent(row, name, publicUrl) ??
      checkoutContent(row, name, publicUrl);
    if (!content) throw new Error(`no content for email kind ${row.kind}`);
    return content;
  }

  /**
   * The email job: renders and sends one email; a failure throws so the queue retries it. `read`
   * is the row when the caller has it already, as the statement that wrote it returned it.
   */
  async function deliver(job: EmailJob, read?: EmailRow): Promise<void> {
    const row = read ?? (await repo.findEmail(db, job.emailId));
    // Sent by an earlier attempt, or the account is gone (its emails went with it).
    if (!row || row.sent_at) return;
    const to = row.to_address ?? row.account_email;
    const content = await contentOf(row, to);
    if (!content) return;
    const rendered = await renderEmail(content, publicUrl);
    await deps.mailer.send({ to, ...rendered });
    await markSent({ id: row.id, toAddress: to });
    deps.logger.info({ emailId: row.id, kind: row.kind }, 'email sent');
  }

  return {
    queue,
    ...billingEmailRequests(queue),
    ...lineEmailRequests(queue),
    ...recordingEmailRequests(queue),
    ...checkoutEmailRequests(queue),

    deliver,

    /** Sign-up: welcome, with the link that verifies the address; in the sign-up's transaction. */
    welcome: (tx: Queryable, userId: string) => queue({ kind: 'welcome', eventKey: userId, userId }, tx),

    /** Each request is its own event: a parent who asks twice gets two links. */
    passwordReset: (userId: string) => queue({ kind: 'password_reset', eventKey: randomUUID(), userId }),

    /** A link to `email`: the account's own (resend) or a new address (change, `change: true`). */
    verifyEmail: (userId: string, email: string, change: boolean) =>
      queue({ kind: 'verify_email', eventKey: randomUUID(), userId, toAddress: email, data: { change } }),

    /**
     * The recap email, decided in the statement that writes the call's summary (once per call,
     * unless the parent turned recaps off); it carries what the child told Santa.
     */
    recapEmailSql(param: (value: unknown) => string, summarized: string, call: RecappedCall): string {
      const data = {
        kidName: call.kidName,
        minutes: Math.max(1, Math.round(call.durationSeconds / 60)),
        summary: call.summary,
        recap: call.recap,
      };
      return repo.insertRecapEmailSql(summarized, param(JSON.stringify(data)));
    },

    unsentRecapSql: repo.unsentRecapSql,

    /**
     * Sent by the summary job that decided it, without a job of its own; one that cannot go now
     * is the email job's, which rides out the provider's outage. `email` is the row recapEmailSql
     * returned, or only its id (an unsent recap found later), which is read.
     */
    async sendRecap(email: { id: string }): Promise<void> {
      const emailId = email.id;
      try {
        await deliver({ emailId }, isEmailRow(email) ? email : undefined);
      } catch (error) {
        deps.logger.warn(
          { err: error, emailId },
          'a recap email could not go at once; the email job retries it',
        );
        await deps.jobs.send(QUEUES.email, { emailId } satisfies EmailJob);
      }
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
