import { Router, type Response } from 'express';
import { AppError } from '../../http/errors.ts';
import type { SandboxStripe } from '../../providers/stripe/sandbox-stripe.ts';
import { SandboxPortalError } from '../../providers/stripe/sandbox-stripe-portal.ts';
import { renderSandboxPortal } from './portal.page.ts';

const SESSION_ID = /^bps_\w{1,64}$/;
const SUBSCRIPTION_ID = /^sub_\w{1,64}$/;

/** Stripe's customer portal, played locally; mounted only for the sandbox. */
export function createSandboxPortalRouter(stripe: SandboxStripe) {
  const router = Router();

  const show = async (res: Response, id: string, message?: { error?: string; done?: string }) => {
    const view = SESSION_ID.test(id) ? await stripe.portal.view(id) : undefined;
    if (!view) throw new AppError('not_found', 'No such billing portal session');
    // The forms post back here with their Origin, which the origin check requires.
    res.set('Referrer-Policy', 'same-origin');
    res
      .status(message?.error ? 400 : 200)
      .type('html')
      .send(renderSandboxPortal(view, message));
  };

  /** Runs a portal action and shows the page again with its outcome (a refusal in red). */
  const act = async (res: Response, id: string, done: string, action: () => Promise<void>) => {
    // Checked before any action reads it: a malformed id (a NUL byte, say) is a 404, never a 500.
    if (!SESSION_ID.test(id)) throw new AppError('not_found', 'No such billing portal session');
    try {
      await action();
    } catch (error) {
      if (error instanceof SandboxPortalError) return show(res, id, { error: error.message });
      throw error;
    }
    await show(res, id, { done });
  };

  const subscriptionId = (value: string) => {
    if (!SUBSCRIPTION_ID.test(value)) throw new AppError('not_found', 'No such subscription');
    return value;
  };

  router.get('/:id', (req, res) => show(res, req.params.id));

  router.post('/:id/subscriptions/:sub/cancel', (req, res) =>
    act(res, req.params.id, 'Your plan is cancelled. It stays active until the end of the period.', () =>
      stripe.portal.setCancelAtPeriodEnd(req.params.id, subscriptionId(req.params.sub), true),
    ),
  );

  router.post('/:id/subscriptions/:sub/renew', (req, res) =>
    act(res, req.params.id, 'Your plan will renew as before.', () =>
      stripe.portal.setCancelAtPeriodEnd(req.params.id, subscriptionId(req.params.sub), false),
    ),
  );

  // The sandbox's stand-in for time passing (Stripe's test clocks): the cancelled period ends now.
  router.post('/:id/subscriptions/:sub/end-period', (req, res) =>
    act(res, req.params.id, 'The period has ended and the plan with it.', async () => {
      const sub = subscriptionId(req.params.sub);
      const view = await stripe.portal.view(req.params.id);
      const owned = view?.subscriptions.find((candidate) => candidate.id === sub);
      if (!owned?.cancelAtPeriodEnd) throw new SandboxPortalError('Only a cancelled plan can be ended early');
      await stripe.cancelSubscriptionNow(sub);
    }),
  );

  router.post('/:id/payment-method', (req, res) => {
    const body = (req.body ?? {}) as Record<string, unknown>;
    return act(res, req.params.id, 'Your payment method is updated.', () =>
      stripe.portal.updateCard(req.params.id, {
        number: String(body.number ?? ''),
        expMonth: Number(body.exp_month),
        expYear: Number(body.exp_year),
      }),
    );
  });

  return router;
}
