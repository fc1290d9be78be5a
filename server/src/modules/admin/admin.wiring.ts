import type { AppDeps, AppServices } from '../../app.ts';
import type { AdminPorts } from './admin.ports.ts';

/**
 * The services and providers the admin acts through: the very instances other routers hold, so a
 * saved script or a deleted account is seen at once by the calls and sessions of this process.
 */
export function adminPorts(deps: AppDeps, services: AppServices): AdminPorts {
  const { providers } = deps;
  return {
    subscription: services.subscription,
    sessions: services.auth,
    coupons: services.payments.coupons,
    numbers: services.payments.numbers,
    santaScript: services.santaScript,
    billing: providers.stripe,
    voice: providers.voice,
    storage: providers.recordings,
  };
}
