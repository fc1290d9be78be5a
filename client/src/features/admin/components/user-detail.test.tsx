import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { AdminUserDetail } from '@santa/shared/admin';
import { UserDetailView } from './user-detail';

const detail: AdminUserDetail = {
  user: {
    id: '6f1c1f9e-5b8a-4c53-9a55-2f1d3f3b8f10',
    name: 'Holly Parent',
    email: 'holly@example.com',
    picture: null,
    google_id: null,
    created_at: '2026-11-02T10:00:00.000Z',
    auth_method: 'email',
  },
  subscription: null,
  agent_config: null,
  recent_calls: [],
  active_share_links: 0,
  children: 1,
  listeners: 0,
  scheduled_calls_upcoming: 0,
  payment_reversals: [],
};

function renderDetail() {
  return renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <UserDetailView data={detail} isSelf={false} onDeleted={() => {}} />
    </QueryClientProvider>,
  );
}

const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>([^<]*)<\/button>/g)].map((match) => match[1]);

test('Give minutes is its own button with the gifted minutes, before and outside the Danger Zone', () => {
  const [beforeDanger, dangerZone] = renderDetail().split('Danger Zone');
  expect(buttons(beforeDanger!)).toContain('Give minutes');
  expect(beforeDanger).toContain('Gifted Minutes');
  expect(dangerZone).not.toMatch(/minutes<\/button>/i);
});

test('the Danger Zone keeps only the actions that remove or cancel something', () => {
  const dangerZone = renderDetail().split('Danger Zone')[1]!;
  expect(buttons(dangerZone)).toEqual(['Delete Phone Number', 'Revoke Discount', 'Delete User']);
});
