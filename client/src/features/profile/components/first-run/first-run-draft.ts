import type { ProfileValues } from '../../profile-values';

/**
 * The first run's answers before the profile exists: the server stores a profile only with its
 * phone (the last step), so the earlier steps are kept in this browser until then, per account.
 */
const key = (userId: string) => `santa-calls:first-run:${userId}`;

export interface FirstRunDraft {
  values: ProfileValues;
  step: number;
}

export function readDraft(userId: string): FirstRunDraft | null {
  try {
    const text = localStorage.getItem(key(userId));
    return text ? (JSON.parse(text) as FirstRunDraft) : null;
  } catch {
    return null;
  }
}

export function writeDraft(userId: string, draft: FirstRunDraft) {
  try {
    localStorage.setItem(key(userId), JSON.stringify(draft));
  } catch {
    // Storage full or off: the answers stay on screen, and the phone step saves them all.
  }
}

export function clearDraft(userId: string) {
  try {
    localStorage.removeItem(key(userId));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
