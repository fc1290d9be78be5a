import { expect, test } from 'vitest';
import { serializeError } from './log-serializers.ts';

test('a database error is logged without its parameters, failing row or quoted input', () => {
  const error = Object.assign(new Error('invalid input syntax for type uuid: "Olivia"'), {
    code: '22P02',
    params: ['Olivia', 'a pony', '+14155550142'],
    detail: 'Failing row contains (Olivia, a pony).',
    query: 'insert into kid_profiles …',
    table: 'kid_profiles',
  });
  const logged = serializeError(error);
  expect(logged).toMatchObject({ type: 'Error', code: '22P02', table: 'kid_profiles' });
  expect(JSON.stringify(logged)).not.toMatch(/Olivia|pony|4155550142|Failing row/);
  expect(logged.message).toBe('invalid input syntax for type uuid: "…"');
});

test('a unique violation keeps its constraint but not the key', () => {
  const error = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
    code: '23505',
    constraint: 'users_email_key',
    detail: 'Key (email)=(pat@example.com) already exists.',
  });
  const logged = serializeError(error);
  expect(logged.constraint).toBe('users_email_key');
  expect(JSON.stringify(logged)).not.toContain('pat@example.com');
});

test('a provider SDK error is logged without its request or response body', () => {
  const cause = Object.assign(new Error('Bad Request'), { body: { kid_name: 'Olivia' } });
  const error = Object.assign(new Error('request failed', { cause }), {
    status: 400,
    raw: { params: { email: 'pat@example.com' } },
  });
  const logged = serializeError(error);
  expect(logged.cause?.message).toBe('Bad Request');
  expect(JSON.stringify(logged)).not.toMatch(/Olivia|pat@example.com/);
});
