import { Router } from 'express';
import { AppError } from '../../http/errors.ts';
import type { SandboxMailer } from '../../providers/email/sandbox-mailer.ts';
import { renderMailbox, renderMessage, renderPlainText } from './mail.page.ts';

/** /sandbox/mail: the inbox of every address, while email runs on the sandbox. */
export function createSandboxMailRouter(mailer: SandboxMailer) {
  const router = Router();

  const load = async (id: string) => {
    const email = await mailer.find(id);
    if (!email) throw new AppError('not_found', 'No such email');
    return email;
  };

  router.get('/', async (_req, res) => {
    // Links it holds work once; a cached page would show a reset link already used.
    res.set('Cache-Control', 'no-store');
    res.type('html').send(renderMailbox(await mailer.list()));
  });

  router.get('/:id', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.type('html').send(renderMessage(await load(req.params.id)));
  });

  router.get('/:id/text', async (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.type('html').send(renderPlainText(await load(req.params.id)));
  });

  return router;
}
