/**
 * A recap filled into its shape's template (slot-templates.ts) is the recap rendered whole, byte
 * for byte, whatever the family wrote and the child said.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { recapWording, type CallRecapEmailProps } from './family-emails.tsx';
import { RECAP_SLOTS } from './render-email.tsx';
import { createSlotTemplates } from './slot-templates.ts';

/** Words as families and children write them: markup, quotes, accents, emoji. */
const fillable = fc
  .array(
    fc.string({ unit: fc.constantFrom(...'abZß&<>"\'é😀-.?ﬁ;'.split('')), minLength: 1, maxLength: 6 }),
    {
      minLength: 1,
      maxLength: 3,
    },
  )
  .map((pieces) => pieces.join(' '));
/** Now and then one with whitespace the conversion would change, or none at all. */
const word = fc.oneof(
  { weight: 19, arbitrary: fillable },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', ' Leo', 'Leo  Mia', 'Leo\nMia', 'Leo\u200bMia', 'Leo\u00a0Mia'),
  },
);
const lines = fc.array(word, { maxLength: 5 });
const recapEmail = fc
  .record({
    name: word,
    kidName: fc.option(word),
    minutes: fc.integer({ min: 0, max: 40 }),
    summary: fc.option(word),
    recap: fc.option(fc.record({ wishes: lines, news: lines, questions: lines, promises: lines })),
    callsUrl: fc.constantFrom('https://santa.example/calls', 'https://santa.example/calls?child=1&x="2"'),
    preferencesUrl: fc.constant('https://santa.example/account'),
    publicUrl: fc.constantFrom('https://santa.example', 'http://localhost:3000'),
  })
  .map(({ minutes, ...props }): CallRecapEmailProps => ({ ...props, ...recapWording(minutes) }));

const recapTemplates = (render = RECAP_SLOTS.render) => createSlotTemplates({ ...RECAP_SLOTS, render });

const recap = (kidName: string, wish: string, minutes = 4): CallRecapEmailProps => ({
  name: 'Holly',
  kidName,
  ...recapWording(minutes),
  summary: `${kidName} asked for ${wish}.`,
  recap: { wishes: [wish], news: [], questions: [], promises: [] },
  callsUrl: 'https://santa.example/calls',
  preferencesUrl: 'https://santa.example/account',
  publicUrl: 'https://santa.example',
});

describe('recap emails filled into their templates', () => {
  it('are the recap rendered whole, byte for byte, for any words', () => {
    const render = vi.fn(RECAP_SLOTS.render);
    const filled = recapTemplates(render);
    const runs = 300;
    fc.assert(
      fc.property(recapEmail, (props) => {
        expect(filled(props)).toEqual(RECAP_SLOTS.render(props));
      }),
      { numRuns: runs },
    );
    // Most were filled in (their template rendered with markers), so the filling is what was held
    // to the render, not the fallback.
    const wholes = render.mock.calls.filter(([props]) => !JSON.stringify(props).includes('\uE000'));
    expect(wholes.length).toBeLessThan(runs / 2);
  });

  it('are rendered once per shape: the next recap of that shape, any name and length, is filled in', () => {
    const render = vi.fn(RECAP_SLOTS.render);
    const filled = recapTemplates(render);
    const leo = filled(recap('Leo', 'a kite', 1));
    const mia = filled(recap('Maximiliana', 'a red sledge', 12));
    expect(render).toHaveBeenCalledTimes(1);
    expect(leo.subject).toBe('Leo just talked to Santa');
    expect(mia).toEqual(RECAP_SLOTS.render(recap('Maximiliana', 'a red sledge', 12)));
    expect(mia.text).toContain('WHAT MAXIMILIANA TOLD SANTA');
    expect(mia.html).not.toContain('Leo');
  });

  it('are rendered whole when a word is one the conversion to text would change', () => {
    const render = vi.fn(RECAP_SLOTS.render);
    const filled = recapTemplates(render);
    const sung = { ...recap('Leo', 'a kite'), summary: 'Leo sang.\n\nThen he laughed.' };
    filled(sung);
    filled(sung);
    expect(render).toHaveBeenCalledTimes(2);
    expect(render).toHaveBeenLastCalledWith(sung);
  });

  it('count how each was made: a new shape, filled into a shape seen before, or whole', () => {
    const filled = recapTemplates(RECAP_SLOTS.render);
    filled(recap('Leo', 'a kite'));
    filled(recap('Mia', 'a sledge'));
    filled(recap('Ada', 'a drum'));
    filled({ ...recap('Leo', 'a kite'), summary: 'Leo sang.\n\nThen he laughed.' });
    expect(filled.renders).toEqual({ new_shape: 1, template: 2, whole: 1 });
  });
});
