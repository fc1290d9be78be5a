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

/** The first string in a parsed body (any depth) that holds a control character, with its path. */
export function findControlCharacter(input: unknown, path: string[] = []): string[] | undefined {
  if (typeof input === 'string') return CONTROL_CHARACTERS.test(input) ? path : undefined;
  if (Array.isArray(input)) {
    for (const [index, item] of input.entries()) {
      const found = findControlCharacter(item, [...path, String(index)]);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof input === 'object' && input !== null) {
    for (const [key, value] of Object.entries(input)) {
      const found = CONTROL_CHARACTERS.test(key)
        ? [...path, '(a field name)']
        : findControlCharacter(value, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}
