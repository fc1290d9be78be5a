import type {
  AdminUserDetail,
  AdminUsersResponse,
  DiscountHistoryItem,
  GiftHistoryItem,
  GiftMinutesRequest,
  RevokeDiscountRequest,
} from '@santa/shared/admin';
import type { NewPlanNotice } from '@santa/shared/notices';
import { planName } from '@santa/shared/plans';
import type { Db } from '../../db/db.ts';
import { AppError } from '../../http/errors.ts';
import type { SubscriptionRow } from '../subscription/subscription.repository.ts';
import { minutesLeftOf } from '@santa/shared/subscription';
import { remainingSeconds } from '../subscription/subscription.service.ts';
import type { AdminPorts } from './admin.ports.ts';
import * as present from './admin.presenter.ts';
import * as repo from './admin.repository.ts';

export interface AdminActor {
  id: string;
  email: string;
}

export const RECENT_CALLS_LIMIT = 10;
const NO_DISCOUNT_MESSAGE = 'This user has no active discount to revoke';

export const userNotFound = () => new AppError('not_found', 'User not found');

/** What the family is told: when a cancellation stopped their calls, or until when the pass runs. */
function noticeOfRevocation(action: RevokeDiscountRequest['action'], plan: SubscriptionRow): NewPlanNotice {
  if (action === 'cancel_immediately') {
    const left = remainingSeconds(plan);
    return {
      kind: 'plan_cancelled',
      plan_name: planName(plan.plan),
      minutes_left: minutesLeftOf(left),
      seconds_left: left,
    };
  }
  return {
    kind: 'discount_revoked',
    discount_percent: plan.discount_percent ?? 0,
    plan_name: planName(plan.plan),
    ends_at: plan.current_period_end ? new Date(plan.current_period_end).toISOString() : null,
  };
}

/** User Management: read views, minute gifts and discount revocation. */
export function createAdminService(
  db: Db,
  ports: Pick<
    AdminPorts,
    | 'accounts'
    | 'subscription'
    | 'billing'
    | 'numbers'
    | 'calls'
    | 'discounts'
    | 'notices'
    | 'keepsakes'
    | 'children'
    | 'listeners'
    | 'scheduledCalls'
    | 'reversals'
  >,
) {
  const requireUser = async (userId: string) => {
    const user = await ports.accounts.findAccount(userId);
    if (!user) throw userNotFound();
    return user;
  };

  return {
    async listUsers(): Promise<AdminUsersResponse> {
      const [users, subscriptions] = await Promise.all([
        ports.accounts.listAccounts(),
        ports.subscription.listAll(),
      ]);
      const byUser = new Map(subscriptions.map((row) => [row.user_id, row]));
      return { users: users.map((user) => present.presentAdminUser(user, byUser.get(user.id))) };
    },

    async getUserDetail(userId: string): Promise<AdminUserDetail> {
      const user = await requireUser(userId);
      const [
        subscription,
        agentConfig,
        recentCalls,
        activeShareLinks,
        children,
        listeners,
        upcomingCalls,
        reversals,
      ] = await Promise.all([
        ports.subscription.find(userId),
        ports.numbers.agentConfigOf(userId),
        ports.calls.recentCalls(userId, RECENT_CALLS_LIMIT),
        ports.keepsakes.activeLinkCount(userId),
        ports.children.countOf(userId),
        ports.listeners.countOf(userId),
        ports.scheduledCalls.upcomingCountOf(userId),
        ports.reversals.listFor(userId),
      ]);
      return present.presentUserDetail({
        user,
        subscription,
        agentConfig,
        recentCalls,
        activeShareLinks,
        children,
        listeners,
        upcomingCalls,
        reversals,
      });
    },

    async discountHistory(userId: string): Promise<DiscountHistoryItem[]> {
      return (await ports.discounts.list(userId)).map(present.presentDiscountHistory);
    },

    async giftHistory(userId: string): Promise<GiftHistoryItem[]> {
      return (await repo.listGiftHistory(db, userId)).map(present.presentGift);
    },

    async giftMinutes(admin: AdminActor, input: GiftMinutesRequest): Promise<string> {
      const user = await requireUser(input.user_id);
      await db.transaction(async (tx) => {
        await ports.subscription.addMinutes(tx, user.id, input.minutes);
        await repo.insertGift(tx, {
          user_id: user.id,
          minutes: input.minutes,
          gifted_by_email: admin.email,
          note: input.note ?? null,
        });
        await ports.notices.record(tx, user.id, {
          kind: 'gift',
          minutes: input.minutes,
          note: input.note ?? null,
        });
        await repo.insertAudit(tx, {
          adminEmail: admin.email,
          action: 'gift_minutes',
          targetUserId: user.id,
          details: { minutes: input.minutes },
        });
      });
      const unit = input.minutes === 1 ? 'minute' : 'minutes';
      return `Successfully gifted ${input.minutes} ${unit} to ${user.email}`;
    },

    /**
     * cancel_immediately: the Stripe subscription ends now and so does the plan (full price to
     * resume). finish_period: the discount goes, the paid period runs out, then the plan ends.
     */
    async revokeDiscount(admin: AdminActor, input: RevokeDiscountRequest): Promise<string> {
      const user = await requireUser(input.user_id);
      const current = await ports.subscription.find(user.id);
      if (!current || current.discount_percent === null) {
        throw new AppError('bad_request', NO_DISCOUNT_MESSAGE);
      }
      const stripeId = current.stripe_subscription_id;
      // Provider calls happen before, never inside, the transaction.
      if (stripeId) {
        if (input.action === 'cancel_immediately') await ports.billing.cancelSubscriptionNow(stripeId);
        else await ports.billing.removeDiscountAndCancelAtPeriodEnd(stripeId);
      }
      if (input.action === 'cancel_immediately') await ports.numbers.releaseDedicatedNumber(user.id);

      await db.transaction(async (tx) => {
        // Stripe's webhook may already have ended the plan; this converges either way.
        const noDiscount = { discount_percent: null, discount_type: null, discount_source: null };
        if (input.action === 'cancel_immediately') {
          await ports.subscription.update(tx, user.id, {
            ...noDiscount,
            status: 'ended',
            cancel_at_period_end: false,
          });
        } else {
          await ports.subscription.update(tx, user.id, { ...noDiscount, cancel_at_period_end: true });
        }
        await ports.discounts.recordRevoked(tx, {
          user_id: user.id,
          discount_percent: current.discount_percent,
          discount_type: current.discount_type,
          discount_source: current.discount_source,
          revoked_by: admin.email,
          revoke_reason: input.action,
        });
        await ports.notices.record(tx, user.id, noticeOfRevocation(input.action, current));
        await repo.insertAudit(tx, {
          adminEmail: admin.email,
          action: 'revoke_discount',
          targetUserId: user.id,
          details: { revoke_reason: input.action, discount_percent: current.discount_percent },
        });
      });
      return input.action === 'cancel_immediately'
        ? `Discount revoked for ${user.email}. The subscription was cancelled immediately.`
        : `Discount revoked for ${user.email}. Service continues until the end of the billing period.`;
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
