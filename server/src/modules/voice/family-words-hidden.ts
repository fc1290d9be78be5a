import type { CallFamily } from '../children/children.service.ts';
import type { PromptMemory } from '../santa-script/render-prompt.ts';
import type { CallerProfile } from '../santa/profile.repository.ts';

/**
 * The privacy notice tells parents that the profile notes are read only by Santa and by them, and
 * that staff never read what the child said. The admin's preview therefore goes through the same
 * prepareCall with each of the family's own words swapped for a label and its length: the admin
 * sees where every piece lands and which are empty, never the words. Names, ages, the language and
 * Santa's style stay, as the admin's script is about them.
 */
export function hiddenWords(label: string, text: string): string {
  const length = [...text].length;
  return `[${label} · ${length} character${length === 1 ? '' : 's'}]`;
}

/** An empty note stays empty, so the preview shows the natural phrase a real call would use. */
function hide(label: string, value: string | null): string | null {
  const text = value?.trim();
  return text ? hiddenWords(label, text) : value;
}

const NOTES = {
  gifts_giving: 'gifts the grown-ups are giving',
  wish_list: 'wish list',
  accomplishments: 'proud of',
  behavior_notes: 'behaviour notes',
  custom_notes: 'notes',
} as const;

type ChildNotes = { [K in keyof typeof NOTES]: string | null } & { avoid_topics: string[] | null };

function hideChild<T extends ChildNotes>(child: T): T {
  const notes = Object.fromEntries(
    Object.entries(NOTES).map(([field, label]) => [field, hide(label, child[field as keyof typeof NOTES])]),
  );
  const topics = (child.avoid_topics ?? []).map((topic, i) => hiddenWords(`no-go topic ${i + 1}`, topic));
  return { ...child, ...notes, avoid_topics: topics } as T;
}

export function hideFamilyWords(
  profile: CallerProfile,
  family: CallFamily | undefined,
  memories: readonly PromptMemory[],
): { profile: CallerProfile; family: CallFamily | undefined; memories: PromptMemory[] } {
  return {
    profile: { ...hideChild(profile), siblings: hide('siblings', profile.siblings) },
    family: family ? { ...family, others: family.others.map(hideChild) } : undefined,
    memories: memories.map((memory) => ({
      ...memory,
      text: hiddenWords('what the child said', memory.text),
    })),
  };
}
