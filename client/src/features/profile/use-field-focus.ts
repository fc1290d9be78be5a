import { useCallback, useRef } from 'react';
import type { ProfileErrors, ProfileField } from './profile-values';

/** The order fields appear in, so the first one wrong is the one the parent is taken to. */
const ORDER: ProfileField[] = [
  'parent_phone',
  'kid_name',
  'age',
  'wish_list',
  'gifts_giving',
  'accomplishments',
  'behavior_notes',
  'siblings',
  'custom_notes',
  'avoid_topics',
];

/** Refs for a form's fields, and a way to move focus to the first one with an error. */
export function useFieldFocus() {
  const elements = useRef<Partial<Record<ProfileField, HTMLElement | null>>>({});
  const refFor = useCallback(
    (field: ProfileField) => (element: HTMLElement | null) => {
      elements.current[field] = element;
    },
    [],
  );
  const focusFirst = useCallback((errors: ProfileErrors) => {
    const first = ORDER.find((field) => errors[field] && elements.current[field]);
    if (!first) return;
    const element = elements.current[first]!;
    element.scrollIntoView({ block: 'center' });
    element.focus();
  }, []);
  return { refFor, focusFirst };
}

/** A server answer that names one field's problem belongs at that field, not in a toast. */
export function serverFieldError(detail: string, messages: Record<string, ProfileField>): ProfileErrors {
  const field = messages[detail];
  return field ? { [field]: detail } : {};
}
