import { describe, expect, it } from 'vitest';
import { countingTurns } from '../../../../test/fixtures/event-loop-turns.ts';
import type { EmailContent } from './email-content.ts';
import { renderEmail } from './render-email.tsx';

const recap = (kidName: string): EmailContent => ({
  kind: 'call_recap',
  name: 'Holly',
  kidName,
  minutes: 4,
  summary: `${kidName} told Santa about a red bike.`,
  recap: { wishes: ['a red bike'], news: [], questions: [], promises: [] },
  callsUrl: 'https://santa.example/calls',
  preferencesUrl: 'https://santa.example/account',
});

describe('rendering emails', () => {
  it('renders a large batch over several turns of the event loop, so webhooks are answered between them', async () => {
    // Welcomes, each rendered whole (a recap of a shape seen before is filled in, in microseconds).
    const names = Array.from({ length: 100 }, (_, i) => `Parent ${i}`);
    const welcome = (name: string): EmailContent => ({
      kind: 'welcome',
      name,
      verifyUrl: 'https://santa.example/v',
    });
    const turns = await countingTurns((turn) =>
      Promise.all(
        names.map((name) => renderEmail(welcome(name), 'https://santa.example').then(() => turn())),
      ),
    );
    expect(new Set(turns).size).toBeGreaterThan(1);
  });

  it('gives every email of a batch rendered together the content of the child it was asked for', async () => {
    const kids = ['Olivia', 'Leo', 'Mia'];
    const rendered = await Promise.all(kids.map((kid) => renderEmail(recap(kid), 'https://santa.example')));
    expect(rendered.map((email) => email.subject)).toEqual(kids.map((kid) => `${kid} just talked to Santa`));
    kids.forEach((kid, i) => expect(rendered[i]!.text).toContain(`${kid} told Santa about a red bike.`));
  });
});
