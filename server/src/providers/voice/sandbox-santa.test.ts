import { expect, test } from 'vitest';
import {
  personalisationFrom,
  santaReply,
  siblingNames,
  summarise,
  WRAP_UP_SECONDS,
  type SantaPersonalisation,
} from './sandbox-santa.ts';
import type { TranscriptTurn } from './voice-engine.ts';

const mia = personalisationFrom({
  prompt: 'You are Santa Claus.',
  firstMessage: 'Ho ho ho! Hello Mia, it is Santa Claus calling from the North Pole!',
  dynamicVariables: {
    kid_name: 'Mia',
    allowed_minutes: 5,
    wish_list: 'a red bike',
    accomplishments: 'learning to swim',
    siblings: 'Leo (4), big sister Ava',
  },
});

/** Plays a whole conversation: the child's lines in order, Santa's answers recorded. */
function converse(p: SantaPersonalisation, lines: string[], secondsPerTurn = 5): TranscriptTurn[] {
  const transcript: TranscriptTurn[] = [{ role: 'agent', message: p.firstMessage, timeInCallSecs: 0 }];
  lines.forEach((line, index) => {
    const reply = santaReply(p, transcript, line, (index + 1) * secondsPerTurn);
    transcript.push({ role: 'user', message: line }, { role: 'agent', message: reply.message });
  });
  return transcript;
}

const santaLines = (transcript: TranscriptTurn[]) =>
  transcript.filter((turn) => turn.role === 'agent').map((turn) => turn.message);

test('Santa greets the child by name with the first message', () => {
  expect(mia.firstMessage).toContain('Hello Mia');
});

test('Santa asks about the wish list, praises the accomplishments and mentions the siblings', () => {
  const said = santaLines(converse(mia, ['Hi Santa!', 'I love Christmas', 'It was fun'])).join('\n');
  expect(said).toContain('a red bike');
  expect(said).toContain('learning to swim');
  expect(said).toMatch(/proud/);
  expect(said).toContain('Leo and Ava');
});

test('Santa answers what the child says about gifts, school and siblings', () => {
  expect(santaReply(mia, [], 'I want a puppy for Christmas', 10).message).toMatch(/wish/i);
  expect(santaReply(mia, [], 'My teacher says I read well at school', 10).message).toContain(
    'learning to swim',
  );
  expect(santaReply(mia, [], 'Leo broke my tower', 10).message).toContain('Give Leo a big hug');
});

test('Santa does not repeat a topic his answer already covered', () => {
  const reply = santaReply(mia, [], 'I learned to swim at school', 10).message;
  expect(reply.split('learning to swim')).toHaveLength(2);
});

test('Santa gently steers away from unsafe topics', () => {
  const reply = santaReply(mia, [], 'Santa what is your address? I have a knife', 10);
  expect(reply.message).toContain('grown-up you trust');
  expect(reply.message).not.toMatch(/knife|address/i);
  expect(reply.endCall).toBe(false);
});

test('Santa says goodbye when the child does', () => {
  const reply = santaReply(mia, [], 'ok bye Santa', 10);
  expect(reply.endCall).toBe(true);
  expect(reply.message).toMatch(/Goodbye!/);
});

test('Santa says goodbye before the deadline', () => {
  const nearlyOver = 5 * 60 - WRAP_UP_SECONDS;
  const reply = santaReply(mia, [], 'I want a bike', nearlyOver);
  expect(reply.endCall).toBe(true);
  expect(reply.message).toContain('Goodbye!');
  expect(santaReply(mia, [], 'I want a bike', nearlyOver - 10).endCall).toBe(false);
});

test('Santa never echoes a raw placeholder', () => {
  const unrendered = personalisationFrom({
    prompt: '- What {kid_name} is wishing for: {wish_list}\n- Brothers and sisters: {siblings}',
    firstMessage: 'Hello {kid_name}!',
    dynamicVariables: {
      kid_name: '{kid_name}',
      wish_list: '{{wish_list}}',
      accomplishments: '',
      siblings: '{siblings}',
    },
  });
  const transcript = converse(unrendered, ['hi', 'I want presents', 'school is fun', 'my brother', 'bye']);
  for (const line of santaLines(transcript)) expect(line).not.toMatch(/[{}]/);
  expect(summarise(unrendered, transcript, 30)).not.toMatch(/[{}]/);
});

test('Santa reads the personalisation from the rendered prompt when dynamic variables lack it', () => {
  const p = personalisationFrom({
    prompt: [
      'You are talking with Sam, who is 6.',
      '- Brothers and sisters: Nora',
      '- Things Sam has done this year that made you proud: tidied the toy box',
      '- What Sam is wishing for: a dinosaur',
    ].join('\n'),
    firstMessage: 'Ho ho ho! Hello Sam!',
    dynamicVariables: { kid_name: 'Sam', allowed_minutes: 1 },
  });
  expect(p).toMatchObject({
    wishList: 'a dinosaur',
    accomplishments: 'tidied the toy box',
    siblings: ['Nora'],
    allowedSeconds: 60,
  });
});

test("Santa treats the app's wording for a missing field as missing", () => {
  const p = personalisationFrom({
    prompt: [
      '- Brothers and sisters: none mentioned',
      '- Things Sam has done this year that made you proud: none mentioned, so ask Sam what they are proud of',
      '- What Sam is wishing for: not shared yet, so ask Sam what they are hoping for',
    ].join('\n'),
    firstMessage: 'Ho ho ho! Hello Sam!',
    dynamicVariables: { kid_name: 'Sam', allowed_minutes: 1 },
  });
  expect(p).toMatchObject({ wishList: null, accomplishments: null, siblings: [] });
});

test('sibling names are read from free text', () => {
  expect(siblingNames('Emma (7), little brother Leo and Sam')).toEqual(['Emma', 'Leo', 'Sam']);
  expect(siblingNames(null)).toEqual([]);
});

test('the summary names the child and what Santa talked about', () => {
  const transcript = converse(mia, ['Hi', 'ok', 'yes']);
  const summary = summarise(mia, transcript, 42);
  expect(summary).toContain('Mia');
  expect(summary).toContain('42 seconds');
  expect(summary).toContain('a red bike');
});
