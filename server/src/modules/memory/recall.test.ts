import { expect, test } from 'vitest';
import { MEMORY_RECALL } from '@santa/shared/memory';
import { recall, type Remembered } from './recall.ts';

const NOW = new Date('2026-12-20T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);
const memory = (kind: Remembered['kind'], text: string, days = 1): Remembered => ({
  kind,
  text,
  created_at: daysAgo(days),
});

test('Santa thinks of promises first, then news, then wishes', () => {
  const chosen = recall(
    [memory('wishes', 'a kite'), memory('news', 'a new sister'), memory('promises', 'to read')],
    NOW,
  );
  expect(chosen.map((m) => m.kind)).toEqual(['promises', 'news', 'wishes']);
});

test('one chatty call cannot crowd out the rest: each kind takes its turn, newest first', () => {
  const wishes = Array.from({ length: 10 }, (_, i) => memory('wishes', `wish ${i}`, i + 1));
  const chosen = recall(
    [...wishes, memory('news', 'old news', 200), memory('promises', 'to share', 300)],
    NOW,
  );
  expect(chosen).toHaveLength(MEMORY_RECALL.items);
  expect(chosen.map((m) => m.text)).toEqual(['to share', 'old news', 'wish 0', 'wish 1', 'wish 2', 'wish 3']);
});

test('last Christmas is remembered; the one before is not', () => {
  const chosen = recall([memory('news', 'last Christmas', 360), memory('news', 'two years ago', 730)], NOW);
  expect(chosen.map((m) => m.text)).toEqual(['last Christmas']);
});

test('the prompt carries a bounded amount of text, skipping a point too long for what is left', () => {
  const long = 'x'.repeat(200);
  const chosen = recall(
    [
      memory('promises', long, 1),
      memory('news', long, 1),
      memory('wishes', long, 1),
      memory('promises', long, 2),
      memory('news', 'short news', 2),
    ],
    NOW,
  );
  const characters = chosen.reduce((sum, m) => sum + m.text.length, 0);
  expect(characters).toBeLessThanOrEqual(MEMORY_RECALL.characters);
  expect(chosen.map((m) => m.text)).toContain('short news');
});

test('a family Santa has no memories of gets none', () => {
  expect(recall([], NOW)).toEqual([]);
});
