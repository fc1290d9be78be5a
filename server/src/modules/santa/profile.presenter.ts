import type { KidProfile, KidProfileResponse } from '@santa/shared/santa';
import type { KidProfileRow } from './profile.repository.ts';

export function presentProfile(row: KidProfileRow): KidProfile {
  return {
    parent_phone: row.parent_phone,
    kid_name: row.kid_name,
    age: row.age,
    gifts_giving: row.gifts_giving,
    wish_list: row.wish_list,
    accomplishments: row.accomplishments,
    behavior_notes: row.behavior_notes,
    siblings: row.siblings,
    custom_notes: row.custom_notes,
    santa_personality: row.santa_personality,
    avoid_topics: row.avoid_topics ?? [],
    name_pronunciation: row.name_pronunciation ?? null,
    language: row.language ?? 'en',
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

export function presentProfileResponse(row: KidProfileRow | undefined): KidProfileResponse {
  return row ? { has_profile: true, profile: presentProfile(row) } : { has_profile: false, profile: null };
}
