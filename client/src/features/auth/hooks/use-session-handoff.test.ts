import { expect, test } from 'vitest';
import { readSessionId } from './use-session-handoff';

test('a third-party sign-in return is read from the URL hash', () => {
  expect(readSessionId({ hash: '#session_id=abc-123' })).toBe('abc-123');
});

test('a session id in the query string is never used (a link cannot sign the browser in)', () => {
  const location = { hash: '', search: '?session_id=attackers-handoff' };
  expect(readSessionId(location)).toBeNull();
});
