/**
 * Text a person typed never holds control characters other than tab and line breaks. A NUL byte,
 * in particular, is refused by Postgres and cut short by bcrypt, so it is refused at the door with
 * a clear message instead.
 */
// eslint-disable-next-line no-control-regex
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export const controlCharacterMessage = (label: string) => `${label} contains a control character`;

/** For a schema's refine: true when the text holds no control character. */
export const noControlCharacters = (text: string) => !CONTROL_CHARACTERS.test(text);

/** No form or API body of ours nests deeper than this; anything deeper is refused unread. */
export const MAX_INPUT_DEPTH = 32;

/**
 * The first string in a parsed body that holds a control character, with its path; 'too_deep'
 * when the body nests past MAX_INPUT_DEPTH. Walked with its own stack, so no body, however
 * deep, can overflow the server's.
 */
export function findControlCharacter(input: unknown): string[] | 'too_deep' | undefined {
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    if (path.length > MAX_INPUT_DEPTH) return 'too_deep';
    if (typeof value === 'string') {
      if (CONTROL_CHARACTERS.test(value)) return path;
      continue;
    }
    if (typeof value !== 'object' || value === null) continue;
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    // Pushed last to first, so the first field is looked at first.
    for (let i = entries.length - 1; i >= 0; i -= 1) {
      const [key, item] = entries[i]!;
      if (!Array.isArray(value) && CONTROL_CHARACTERS.test(key)) return [...path, '(a field name)'];
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}
