/**
 * What a child says to Santa on the bench: a few wishes, some news, a question or a promise, each
 * kind as many times as a draw gives it. Varied, so the recap emails come in many shapes (which
 * kinds, how many lines of each) the way real calls do, rather than one shape a template always
 * fits. The proportions are a guess, not a measurement of real calls: most children wish for one to
 * three things, and fewer have news, questions or promises.
 */
type Line = { role: 'agent' | 'user'; message: string; time_in_call_secs: number };

const SAID = {
  wishes: [
    'I would love a red bike.',
    'Can I have a puppy?',
    'I want a kite with a long tail.',
    'For Christmas I want a drum kit.',
    'I wish for snow on Christmas morning.',
    'Please bring me a telescope.',
  ],
  news: [
    'I lost my first tooth yesterday.',
    'We made a snowman in the garden.',
    'My little sister started school this year.',
    'I learned to ride without training wheels.',
  ],
  questions: [
    'How do the reindeer fly?',
    "Is Rudolph's nose really red?",
    'Do you like cookies or carrots more?',
  ],
  promises: [
    'I promise to help my mum with the dishes.',
    "I'll leave cookies and milk by the tree.",
    'I will be kind to my brother.',
  ],
};

/** How likely each count of lines is, from none up, per kind. */
const HOW_MANY: Record<keyof typeof SAID, number[]> = {
  wishes: [1, 4, 4, 2, 1, 0.5],
  news: [3, 4, 2, 1],
  questions: [4, 3, 1],
  promises: [4, 3, 1],
};

function draw(weights: number[]): number {
  let left = Math.random() * weights.reduce((sum, weight) => sum + weight, 0);
  for (const [count, weight] of weights.entries()) {
    left -= weight;
    if (left < 0) return count;
  }
  return weights.length - 1;
}

/** Some of a kind's lines, in a random order, none twice. */
function some<T>(pool: T[], count: number): T[] {
  return [...pool].sort(() => Math.random() - 0.5).slice(0, count);
}

/** A call's transcript as ElevenLabs posts it: Santa's greeting, then the child's lines. */
export function childTalk(): Line[] {
  const said = (Object.keys(SAID) as (keyof typeof SAID)[]).flatMap((kind) =>
    some(SAID[kind], draw(HOW_MANY[kind])),
  );
  const lines: Line[] = [{ role: 'agent', message: 'Ho ho ho! Merry Christmas!', time_in_call_secs: 0 }];
  for (const [i, message] of ['Hi Santa!', ...some(said, said.length)].entries()) {
    lines.push({ role: 'user', message, time_in_call_secs: 4 + i * 6 });
  }
  return lines;
}
