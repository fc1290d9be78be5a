import { describe, expect, it } from 'vitest';
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

/** Counts the event loop's turns while `work` runs: one tick per turn, in its immediates. */
async function countingTurns<T>(work: (turn: () => number) => Promise<T>): Promise<T> {
  let turn = 0;
  let running = true;
  const tick = () => {
    turn += 1;
    if (running) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return await work(() => turn);
  } finally {
    running = false;
  }
}

describe('rendering emails', () => {
  it('renders a batch of emails one per turn of the event loop, so webhooks are answered between them', async () => {
    const turns = await countingTurns((turn) =>
      Promise.all(
        ['Olivia', 'Leo', 'Mia'].map((kid) =>
          renderEmail(recap(kid), 'https://santa.example').then(() => turn()),
        ),
      ),
    );
    expect(new Set(turns).size).toBe(3);
  });

  it('gives every email of a batch rendered together the content of the child it was asked for', async () => {
    const kids = ['Olivia', 'Leo', 'Mia'];
    const rendered = await Promise.all(kids.map((kid) => renderEmail(recap(kid), 'https://santa.example')));
    expect(rendered.map((email) => email.subject)).toEqual(kids.map((kid) => `${kid} just talked to Santa`));
    kids.forEach((kid, i) => expect(rendered[i]!.text).toContain(`${kid} told Santa about a red bike.`));
  });
});
