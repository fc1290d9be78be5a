import type { AppDeps } from '../../app.ts';
import { createNumbersService, type NumbersService } from '../numbers/numbers.service.ts';
import { createSubscriptionService } from '../subscription/subscription.service.ts';
import { createCheckoutService, type CheckoutService } from './checkout.service.ts';
import { createCouponsService, type CouponsService } from './coupons.service.ts';
import { createFulfilmentService, type FulfilmentService } from './fulfilment.service.ts';

export interface PaymentsServices {
  coupons: CouponsService;
  numbers: NumbersService;
  checkout: CheckoutService;
  fulfilment: FulfilmentService;
}

/** The payments module's services; the subscription service is stateless over the db. */
export function createPaymentsServices(deps: AppDeps): PaymentsServices {
  const { db, providers, config, logger } = deps;
  const subscription = createSubscriptionService(db);
  const coupons = createCouponsService(db);
  const numbers = createNumbersService({ db, telephony: providers.telephony, publicUrl: config.publicUrl });
  return {
    coupons,
    numbers,
    checkout: createCheckoutService({
      db,
      stripe: providers.stripe,
      coupons,
      subscription,
      publicUrl: config.publicUrl,
    }),
    fulfilment: createFulfilmentService({
      db,
      stripe: providers.stripe,
      subscription,
      coupons,
      numbers,
      logger,
    }),
  };
}
