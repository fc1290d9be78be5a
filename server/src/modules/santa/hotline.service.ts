import { PLANS } from '@santa/shared/plans';
import type { HotlineNumber } from '@santa/shared/santa';
import { AppError } from '../../http/errors.ts';
import { isUsable, type SubscriptionService } from '../subscription/subscription.service.ts';

/** The numbers module, which buys, owns and releases dedicated numbers. */
export interface DedicatedNumbers {
  agentConfigOf(userId: string): Promise<{ twilio_phone_number: string } | undefined>;
}

export const NO_PLAN_MESSAGE = 'No active plan. Choose a plan to get a Santa phone number.';

/** The number the child dials: a pass's own line when it has one, else the common hotline. */
export function createHotlineService(
  numbers: DedicatedNumbers,
  subscription: SubscriptionService,
  hotlineNumber: string,
) {
  return {
    async getHotlineNumber(userId: string): Promise<HotlineNumber> {
      const plan = await subscription.find(userId);
      if (!plan || !isUsable(plan)) throw new AppError('not_found', NO_PLAN_MESSAGE);
      if (PLANS[plan.plan].line === 'dedicated') {
        const dedicated = await numbers.agentConfigOf(userId);
        if (dedicated) return { phone_number: dedicated.twilio_phone_number, type: 'dedicated' };
      }
      return { phone_number: hotlineNumber, type: 'common' };
    },
  };
}

export type HotlineService = ReturnType<typeof createHotlineService>;
