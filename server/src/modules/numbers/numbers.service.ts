import type { Db } from '../../db/db.ts';
import {
  dedicatedNumberName,
  twilioWebhookUrls,
  type Telephony,
} from '../../providers/telephony/telephony.ts';
import * as repo from './numbers.repository.ts';
import type { AgentConfigRow } from './numbers.repository.ts';

/** A claim older than this belongs to a process that died mid-purchase (migration 0021). */
const CLAIM_STALE_SECONDS = 5 * 60;
const WAIT_FOR_PURCHASE_MS = 15_000;
const POLL_MS = 100;

/**
 * A pass's dedicated Santa number and its agent configuration. Twilio is never
 * called while a transaction is open: each step is one statement, and concurrent deliveries are
 * settled by a claim taken before Twilio is called (one purchase per pass).
 */
export function createNumbersService(deps: { db: Db; telephony: Telephony; publicUrl: string }) {
  const { db, telephony, publicUrl } = deps;

  /** Another delivery is buying this user's number: its result, or an error Stripe will retry. */
  async function waitForNumber(userId: string): Promise<AgentConfigRow> {
    for (let waited = 0; waited < WAIT_FOR_PURCHASE_MS; waited += POLL_MS) {
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      const bought = await repo.findAgentConfig(db, userId);
      if (bought) return bought;
    }
    throw new Error('Another delivery is still buying this dedicated number');
  }

  return {
    /** The family's dedicated number and its agent configuration, if it has one. */
    agentConfigOf: (userId: string) => repo.findAgentConfig(db, userId),
    /** Whose dedicated line a number is, if anyone's. */
    ownerOfNumber: (phoneNumber: string) => repo.findNumberOwner(db, phoneNumber),

    findDedicatedNumber: (userId: string): Promise<AgentConfigRow | undefined> =>
      repo.findAgentConfig(db, userId),

    /**
     * Buys a number for the user unless they already have one; safe to call again, and from
     * several deliveries at once: only the one that claims the purchase calls Twilio, the others
     * wait for its number.
     */
    async provisionDedicatedNumber(userId: string, email: string): Promise<AgentConfigRow> {
      const existing = await repo.findAgentConfig(db, userId);
      if (existing) return existing;
      if (!(await repo.claimNumberPurchase(db, userId, CLAIM_STALE_SECONDS))) return waitForNumber(userId);
      try {
        // The claim may have been freed by a purchase that finished after our first look.
        const finished = await repo.findAgentConfig(db, userId);
        if (finished) return finished;
        const purchased = await telephony.purchaseNumber({
          ...twilioWebhookUrls(publicUrl),
          friendlyName: dedicatedNumberName(userId),
        });
        const inserted = await repo.insertAgentConfig(db, {
          userId,
          phoneNumber: purchased.phoneNumber,
          sid: purchased.sid,
          contactEmail: email,
        });
        if (inserted) return inserted;
        // Only after a stale claim was taken over: give our number back so the user keeps one.
        await telephony.releaseNumber(purchased.sid);
        const winner = await repo.findAgentConfig(db, userId);
        if (!winner) throw new Error('Dedicated number vanished while provisioning');
        return winner;
      } finally {
        await repo.releaseNumberClaim(db, userId);
      }
    },

    /**
     * Releases the number at Twilio, then removes the configuration, so a failed release leaves
     * the record in place to retry rather than a number we pay for and forgot. Returns whether
     * the user had one.
     */
    async releaseDedicatedNumber(userId: string): Promise<boolean> {
      const existing = await repo.findAgentConfig(db, userId);
      if (!existing) return false;
      if (existing.twilio_number_sid) await telephony.releaseNumber(existing.twilio_number_sid);
      await repo.deleteAgentConfig(db, userId, existing.twilio_phone_number);
      return true;
    },
  };
}

export type NumbersService = ReturnType<typeof createNumbersService>;
