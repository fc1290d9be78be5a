import { Router } from 'express';
import { z } from 'zod';
import { AppError } from '../../http/errors.ts';
import { parseInput } from '../../http/validate.ts';
import { renderAccountChooser } from './google.page.ts';
import {
  SANDBOX_PRESET_ACCOUNTS,
  type SandboxAuthorizationRequest,
  type SandboxGoogle,
} from '../../providers/google/sandbox-google.ts';

// Google's own authorization-request parameters; the chooser is not part of our API contract.
const authorizationRequestSchema = z.object({
  response_type: z.literal('code', { error: 'response_type must be code' }),
  state: z.string().min(16).max(200),
  nonce: z.string().min(16).max(200),
  code_challenge: z.string().regex(/^[\w-]{43}$/, 'code_challenge must be an S256 challenge'),
  code_challenge_method: z.literal('S256', { error: 'code_challenge_method must be S256' }),
  redirect_uri: z.url().max(500),
});

const choiceSchema = authorizationRequestSchema.extend({
  choice: z.enum(['preset', 'custom', 'cancel']),
  preset: z.coerce
    .number()
    .int()
    .min(0)
    .max(SANDBOX_PRESET_ACCOUNTS.length - 1)
    .optional(),
  email: z.string().trim().max(254).optional(),
  name: z.string().trim().max(100).optional(),
  email_verified: z.literal('on').optional(),
});

const customAccountSchema = z.object({
  email: z.email({ error: 'Please enter a valid email address' }),
  name: z.string().min(1, 'Name is required'),
});

function parseRequest(google: SandboxGoogle, input: unknown) {
  const query = parseInput(authorizationRequestSchema, input);
  if (!google.isAllowedRedirect(query.redirect_uri))
    throw new AppError('bad_request', 'redirect_uri is not registered for this client');
  const request: SandboxAuthorizationRequest = {
    state: query.state,
    nonce: query.nonce,
    codeChallenge: query.code_challenge,
    redirectUri: query.redirect_uri,
  };
  return { query, request };
}

/** Google's "Choose an account" page, played locally; mounted only for the sandbox. */
export function createSandboxGoogleRouter(google: SandboxGoogle) {
  const router = Router();

  router.get('/', (req, res) => {
    const { query } = parseRequest(google, req.query);
    res.type('html').send(renderAccountChooser(query, SANDBOX_PRESET_ACCOUNTS));
  });

  router.post('/', (req, res) => {
    const form = parseInput(choiceSchema, req.body);
    const { request } = parseRequest(google, form);
    if (form.choice === 'cancel') return res.redirect(303, google.deny(request).href);
    if (form.choice === 'preset') {
      const account = SANDBOX_PRESET_ACCOUNTS[form.preset ?? -1];
      if (!account) throw new AppError('bad_request', 'Choose an account');
      return res.redirect(303, google.approve(request, account).href);
    }
    const custom = parseInput(customAccountSchema, { email: form.email, name: form.name });
    const account = { ...custom, emailVerified: form.email_verified === 'on' };
    res.redirect(303, google.approve(request, account).href);
  });

  return router;
}
