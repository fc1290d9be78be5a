import { Router } from 'express';
import { AppError } from '../../http/errors.ts';
import { renderSandboxCheckout } from './checkout.page.ts';
import { SandboxStripeError, type SandboxStripe } from '../../providers/stripe/sandbox-stripe.ts';

/** Stripe Checkout's page, played locally; mounted only for the sandbox. */
export function createSandboxCheckoutRouter(stripe: SandboxStripe) {
  const router = Router();

  const load = async (id: string) => {
    // Session ids are cs_test_ and letters/digits; anything else cannot be one (nor reach SQL).
    const view = /^cs_test_\w{1,64}$/.test(id) ? await stripe.getCheckout(id) : undefined;
    if (!view) throw new AppError('not_found', 'No such checkout session');
    return view;
  };

  router.get('/:id', async (req, res) => {
    // Pay and Cancel post back here with their Origin, which the origin check requires; the
    // app-wide no-referrer policy would make the browser send "Origin: null".
    res.set('Referrer-Policy', 'same-origin');
    res.type('html').send(renderSandboxCheckout(await load(req.params.id)));
  });

  router.post('/:id/pay', async (req, res) => {
    const view = await load(req.params.id);
    try {
      await stripe.pay(view.id);
    } catch (error) {
      if (error instanceof SandboxStripeError) throw new AppError('conflict', error.message);
      throw error;
    }
    res.redirect(303, view.successUrl);
  });

  router.post('/:id/cancel', async (req, res) => {
    const view = await load(req.params.id);
    res.redirect(303, view.cancelUrl);
  });

  return router;
}
