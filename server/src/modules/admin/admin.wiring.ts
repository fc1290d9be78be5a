import type { AppDeps, AppServices } from '../../app.ts';
import { createSantaPromptService } from '../santa-script/santa-prompt.service.ts';
import type { AdminPorts } from './admin.ports.ts';

/**
 * The services and providers the admin acts through. The services are stateless over the db,
 * so building them here gives the same behaviour as the instances other routers hold.
 */
export function adminPorts(deps: AppDeps, services: AppServices): AdminPorts {
  const { db, providers } = deps;
  return {
    subscription: services.subscription,
    coupons: services.payments.coupons,
    numbers: services.payments.numbers,
    santaScript: createSantaPromptService(db),
    billing: providers.stripe,
    voice: providers.voice,
    storage: providers.recordings,
  };
}
