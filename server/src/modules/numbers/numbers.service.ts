import type { Db } from '../../db/db.ts';
import type { Telephony } from '../../providers/telephony/telephony.ts';
import * as repo from './numbers.repository.ts';
import type { AgentConfigRow } from './numbers.repository.ts';

/**
 * A pass's dedicated Santa number and its agent configuration (design §4.1). Twilio is never
 * called while a transaction is open: each step is one statement, and races are settled by the
 * agent_configs primary key.
 */
export function createNumbersService(deps: { db: Db; telephony: Telephony; publicUrl: string }) {
  const { db, telephony, publicUrl } = deps;

  return {
    findDedicatedNumber: (userId: string): Promise<AgentConfigRow | undefined> =>
      repo.findAgentConfig(db, userId),

    /** Buys a number for the user unless they already have one; safe to call again. */
    async provisionDedicatedNumber(userId: string, email: string): Promise<AgentConfigRow> {
      const existing = await repo.findAgentConfig(db, userId);
      if (existing) return existing;
      const purchased = await telephony.purchaseNumber({
        voiceUrl: `${publicUrl}/api/voice/twilio/inbound`,
        statusCallbackUrl: `${publicUrl}/api/voice/twilio/status`,
        // No names or emails at Twilio: the user id is enough to trace a number back.
        friendlyName: `Santa Calls ${userId}`,
      });
      const inserted = await repo.insertAgentConfig(db, {
        userId,
        phoneNumber: purchased.phoneNumber,
        sid: purchased.sid,
        contactEmail: email,
      });
      if (inserted) return inserted;
      // Another delivery provisioned first: give our number back so the user keeps exactly one.
      await telephony.releaseNumber(purchased.sid);
      const winner = await repo.findAgentConfig(db, userId);
      if (!winner) throw new Error('Dedicated number vanished while provisioning');
      return winner;
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
