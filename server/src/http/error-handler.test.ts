import express from 'express';
import { pino } from 'pino';
import supertest from 'supertest';
import { expect, test } from 'vitest';
import { errorHandler } from './error-handler.ts';

function failingWith(error: unknown) {
  const app = express();
  app.use((req, _res, next) => {
    req.log = pino({ level: 'silent' });
    next();
  });
  app.get('/', () => {
    throw error;
  });
  app.use(errorHandler);
  return supertest(app).get('/');
}

test('a row for a user deleted a moment ago answers 401, not 500', async () => {
  const fk = Object.assign(new Error('insert or update violates foreign key constraint'), {
    code: '23503',
    constraint: 'kid_profiles_user_id_fkey',
  });
  const res = await failingWith(fk);
  expect(res.status).toBe(401);
  expect(res.body).toEqual({ detail: 'Not authenticated', code: 'unauthenticated' });
});

test('any other foreign key failure stays a 500', async () => {
  const fk = Object.assign(new Error('violates foreign key constraint'), {
    code: '23503',
    constraint: 'checkouts_call_id_fkey',
  });
  expect((await failingWith(fk)).status).toBe(500);
});
