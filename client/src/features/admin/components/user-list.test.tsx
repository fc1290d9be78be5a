import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { AdminUser } from '@santa/shared/admin';
import { UserList } from './user-list';

function user(id: string, email: string, planSummary: string): AdminUser {
  return {
    id,
    name: email.split('@')[0]!,
    email,
    picture: null,
    created_at: '2026-11-02T10:00:00.000Z',
    subscription: null,
    discount_percent: null,
    discount_type: null,
    plan_summary: planSummary,
  };
}

test("the user list shows each user's plan and its state, and says so when there is none", () => {
  const html = renderToStaticMarkup(
    <UserList
      users={[
        user('u1', 'sample@example.com', 'Free Sample · used'),
        user('u2', 'pass@example.com', '3-Month Pass · active'),
        user('u3', 'new@example.com', 'no plan'),
      ]}
      selectedId={null}
      onSelect={() => {}}
    />,
  );
  const plans = [...html.matchAll(/data-testid="user-plan">([^<]*)</g)].map((match) => match[1]);
  expect(plans).toEqual(['Free Sample · used', '3-Month Pass · active', 'no plan']);
});

test('a plan is never cut short on a narrow phone: it wraps instead of being truncated', () => {
  const html = renderToStaticMarkup(
    <UserList
      users={[user('u1', 'a@example.com', 'Year-Round Magic · ends at period end')]}
      selectedId={null}
      onSelect={() => {}}
    />,
  );
  const plan = /<span class="([^"]*)" data-testid="user-plan">/.exec(html);
  expect(plan?.[1]).not.toContain('truncate');
});
