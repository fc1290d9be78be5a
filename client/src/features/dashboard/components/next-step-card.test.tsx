import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import type { Subscription } from '@santa/shared/subscription';
import { NextStepCard } from './next-step-card';

const outOf = (plan: Subscription['plan']) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <NextStepCard
        step={{ kind: 'out-of-minutes', subscription: { plan, minutes_remaining: 0 } as Subscription }}
        kidName="Olivia"
      />
    </MemoryRouter>,
  );

test('once the free minute is spent, the parent is asked whether Olivia loved it and offered the pass', () => {
  const html = outOf('free_sample');
  expect(html).toContain('Did Olivia love it? Santa can call again');
  expect(html).toContain('Get the 3-Month Pass');
  expect(html).toContain('$2.99');
  expect(html).not.toContain('Santa&#x27;s minutes have run out');
});

test('a pass that has run out suggests the next size up, not the sample’s offer', () => {
  const html = outOf('subscription_3month');
  expect(html).toContain('Santa&#x27;s minutes have run out');
  expect(html).toContain('6-Month Pass');
  expect(html).not.toContain('Did Olivia love it?');
});
