/**
 * An email rendered once per shape and then filled in. React and the plain-text conversion took
 * about 2 ms of a replica's CPU per recap on a 2-core machine (the conversion a third of it): a
 * fifth or more of what a call cost the replicas beyond its webhooks, for markup that is mostly the
 * same every time (the layout, the styles, the headings). What changes it is its shape (which
 * sections it has, how many lines each) and the words in it.
 *
 * So each shape is rendered once with a marker in place of every word, and later emails of that
 * shape are the template with the words put back. The shape is the content with its words marked,
 * so everything that is not a word (a missing section, a list's length) is part of it. Words go
 * back escaped as React escapes them in the HTML, and upper-cased where the plain-text conversion
 * upper-cased their marker (a heading). A word the conversion might change some other way
 * (whitespace it collapses, an empty string React renders as nothing) is not filled in: that email
 * is rendered whole. Markup that depends on a word's length (the preview's padding) is a derived
 * fragment, rendered afresh for each email. slot-templates.test.ts holds the two ways to the same
 * bytes over generated emails (docs/decisions/0051).
 */
import type { RenderedEmail } from './email-content.ts';

export interface SlotTemplateKind<C> {
  /** Renders the email whole. */
  render(content: C): RenderedEmail;
  /** The content with each word that appears as it is replaced by `slot(word)`, in a fixed order. */
  slotted(content: C, slot: (word: string) => string): C;
  /** HTML the render contains verbatim that depends on more than the words (rendered per email). */
  derived(content: C): string[];
}

/** Private-use characters: nothing the app writes contains them, and case leaves them alone. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
/** s: a word; S: a word upper-cased; d: a derived fragment. */
const MARKER = /\uE000([sSd])(\d+)\uE001/g;
const marker = (kind: 's' | 'd', index: number) => `${OPEN}${kind}${index}${CLOSE}`;

/**
 * Words that come out of both renders as they went in: no whitespace but single spaces between
 * other characters (the conversion collapses and trims whitespace, zero-width space included),
 * not empty, and no marker characters.
 */
const FILLABLE = /^[^\s\u200b\uE000\uE001]+(?: [^\s\u200b\uE000\uE001]+)*$/;

/** React's escaping of text and attribute values (react-dom's escapeTextForBrowser). */
const ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};
const escapeHtml = (word: string) => word.replace(/["&'<>]/g, (char) => ESCAPES[char]!);

interface Slot {
  kind: 's' | 'S' | 'd';
  index: number;
}

/** A rendered part split at its markers: text, then a slot, then text, … */
interface Part {
  texts: string[];
  slots: Slot[];
}

function split(rendered: string): Part {
  const texts: string[] = [];
  const slots: Slot[] = [];
  let last = 0;
  for (const match of rendered.matchAll(MARKER)) {
    texts.push(rendered.slice(last, match.index));
    slots.push({ kind: match[1] as Slot['kind'], index: Number(match[2]) });
    last = match.index + match[0].length;
  }
  texts.push(rendered.slice(last));
  return { texts, slots };
}

function fill(part: Part, words: string[], derived: string[], escape = (word: string) => word): string {
  let out = part.texts[0]!;
  part.slots.forEach((slot, i) => {
    const word = slot.kind === 'd' ? derived[slot.index]! : words[slot.index]!;
    const filled = slot.kind === 'd' ? word : escape(slot.kind === 'S' ? word.toUpperCase() : word);
    out += filled + part.texts[i + 1]!;
  });
  return out;
}

interface Template {
  subject: Part;
  html: Part;
  text: Part;
}

/** Renders the marked content and marks its derived fragments; null when one cannot be found. */
function compile<C>(kind: SlotTemplateKind<C>, marked: C): Template | null {
  const rendered = kind.render(marked);
  let html = rendered.html;
  for (const [index, fragment] of kind.derived(marked).entries()) {
    if (!html.includes(fragment)) return null;
    html = html.replace(fragment, () => marker('d', index));
  }
  const template = { subject: split(rendered.subject), html: split(html), text: split(rendered.text) };
  // A marker the conversion changed some other way than its case is left in pieces.
  const parts = [template.subject, template.html, template.text];
  if (parts.some((part) => part.texts.some((piece) => /[\uE000\uE001]/.test(piece)))) return null;
  return template;
}

/** At most this many shapes are kept; the oldest goes first. */
const MAX_SHAPES = 500;

/** Fills emails into their shape's template; `renders` counts how each email was made. */
export interface SlotTemplates<C> {
  (content: C): RenderedEmail;
  /** How many emails were made each way: how well real emails share shapes. */
  readonly renders: Record<RenderWay, number>;
}

/**
 * template: filled into a shape seen before. new_shape: its shape was rendered for it (the first of
 * a shape, or one pushed out of the kept ones). whole: rendered whole, its words or its shape not
 * fillable.
 */
export const RENDER_WAYS = ['template', 'new_shape', 'whole'] as const;
export type RenderWay = (typeof RENDER_WAYS)[number];

export function createSlotTemplates<C>(kind: SlotTemplateKind<C>): SlotTemplates<C> {
  const templates = new Map<string, Template | null>();
  const renders: Record<RenderWay, number> = { template: 0, new_shape: 0, whole: 0 };

  /** The shape's template (null: its markers do not survive), and whether it was rendered now. */
  function templateFor(marked: C): { template: Template | null; fresh: boolean } {
    const shape = JSON.stringify(marked);
    if (templates.has(shape)) return { template: templates.get(shape)!, fresh: false };
    const template = compile(kind, marked);
    if (templates.size >= MAX_SHAPES) templates.delete(templates.keys().next().value!);
    templates.set(shape, template);
    return { template, fresh: true };
  }

  function renderFilled(content: C): RenderedEmail {
    const words: string[] = [];
    const marked = kind.slotted(content, (word) => marker('s', words.push(word) - 1));
    if (!words.every((word) => FILLABLE.test(word))) {
      renders.whole += 1;
      return kind.render(content);
    }
    const { template, fresh } = templateFor(marked);
    renders[fresh ? 'new_shape' : template ? 'template' : 'whole'] += 1;
    if (!template) return kind.render(content);
    const derived = kind.derived(content);
    return {
      subject: fill(template.subject, words, derived),
      html: fill(template.html, words, derived, escapeHtml),
      text: fill(template.text, words, derived),
    };
  }
  return Object.assign(renderFilled, { renders });
}
