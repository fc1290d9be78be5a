/**
 * Which child spoke on a call (decision 0024). The voice engine is asked for a `child_name`
 * data-collection field; when it has none, or one that names no child of the family, the child's
 * own turns of the transcript are searched for a child's name ("It's Noah!"). Pure: the caller
 * reads the children and the transcript, this only decides.
 */
export interface NamedChild {
  id: string;
  kid_name: string;
}

/** Lower case, accents dropped, so "zoë" matches "Zoe". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The first word of a name: Santa and children say "Noah", not "Noah James". */
function firstName(child: NamedChild): string {
  return fold(child.kid_name.trim().split(/\s+/)[0] ?? '');
}

function wordsOf(text: string): string[] {
  return fold(text)
    .split(/[^\p{L}\p{N}'-]+/u)
    .filter(Boolean);
}

/** The child the engine's field names: whole name or first name, any case or accent. */
function matchField(children: NamedChild[], value: string): NamedChild | undefined {
  const wanted = fold(value.trim());
  if (!wanted) return undefined;
  const named = children.filter(
    (child) => fold(child.kid_name.trim()) === wanted || firstName(child) === wanted,
  );
  if (named.length === 1) return named[0];
  // "Noah and Emma" or "It's Noah": exactly one child's name among its words.
  const words = new Set(wordsOf(value));
  const mentioned = children.filter((child) => words.has(firstName(child)));
  return mentioned.length === 1 ? mentioned[0] : undefined;
}

/** The child whose name the child's side says first. */
function matchTranscript(children: NamedChild[], childTurns: string[]): NamedChild | undefined {
  const byName = new Map(children.map((child) => [firstName(child), child] as const));
  for (const turn of childTurns)
    for (const word of wordsOf(turn)) {
      const child = byName.get(word);
      if (child) return child;
    }
  return undefined;
}

export function attributeChild(
  children: NamedChild[],
  dataCollectionValue: string | null | undefined,
  childTurns: string[],
): string | null {
  if (children.length === 0) return null;
  // With one child, every call is theirs.
  if (children.length === 1) return children[0]!.id;
  const fromField = dataCollectionValue ? matchField(children, dataCollectionValue) : undefined;
  return (fromField ?? matchTranscript(children, childTurns))?.id ?? null;
}

/**
 * The name a call shows: the child who spoke; in a family of one child, theirs (every call is);
 * none when several children might have spoken.
 */
export function nameOfCallChild(
  children: readonly NamedChild[],
  childId: string | null | undefined,
): string | null {
  const spoke = children.find((child) => child.id === childId);
  if (spoke) return spoke.kid_name;
  return children.length === 1 ? children[0]!.kid_name : null;
}
