import type { AuthService } from '../modules/auth/auth.service.ts';
import type { EmailService } from '../modules/email/email.service.ts';
import { createGiftUpkeep } from '../modules/gifts/gift-upkeep.ts';
import { createGiftsService, type GiftsService } from '../modules/gifts/gifts.service.ts';
import type { NumbersService } from '../modules/numbers/numbers.service.ts';
import { createBillingPortalService } from '../modules/payments/billing-portal.service.ts';
import { createCheckoutService } from '../modules/payments/checkout.service.ts';
import { createCouponsService } from '../modules/payments/coupons.service.ts';
import { createFulfilmentService } from '../modules/payments/fulfilment.service.ts';
import type { SubscriptionService } from '../modules/subscription/subscription.service.ts';
import type { VoiceModule } from '../modules/voice/voice-module.ts';
import type { AppDeps, AppServices, PaymentsServices } from './app-services.ts';

/** The services every area builder is given, already built. */
export interface Built {
  subscription: SubscriptionService;
  emails: EmailService;
  numbers: NumbersService;
  voice: VoiceModule;
  auth: AuthService;
}

/** Gifts: paid once through Checkout, delivered on their day, redeemed once (decision 0022). */
export function buildGifts(
  deps: AppDeps,
  built: Pick<Built, 'subscription' | 'emails' | 'numbers'> & {
    calls: VoiceModule['calls'];
    accounts: AuthService;
  },
): AppServices['gifts'] {
  const { db, logger, now } = deps;
  return {
    service: createGiftsService({
      db,
      stripe: deps.providers.stripe,
      jobs: deps.jobs,
      ...built,
      publicUrl: deps.config.publicUrl,
      logger,
      now,
    }),
    upkeep: createGiftUpkeep({ db, ...built, logger, now }),
  };
}

/** Checkout, the customer portal, coupons and the Stripe webhook's fulfilment. */
export function buildPayments(deps: AppDeps, built: Built & { gifts: GiftsService }): PaymentsServices {
  const { db, providers, config } = deps;
  const { subscription, numbers, voice } = built;
  const coupons = createCouponsService(db);
  return {
    coupons,
    numbers,
    checkout: createCheckoutService({
      db,
      stripe: providers.stripe,
      coupons,
      subscription,
      calls: voice.calls,
      publicUrl: config.publicUrl,
    }),
    billingPortal: createBillingPortalService({
      stripe: providers.stripe,
      subscription,
      publicUrl: config.publicUrl,
      logger: deps.logger,
    }),
    fulfilment: createFulfilmentService({
      db,
      stripe: providers.stripe,
      subscription,
      coupons,
      numbers,
      calls: voice.calls,
      accounts: built.auth,
      paymentEmails: built.emails,
      gifts: built.gifts,
      logger: deps.logger,
    }),
  };
}
