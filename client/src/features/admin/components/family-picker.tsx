import { useMemo, useState } from 'react';
import type { AdminUser } from '@santa/shared/admin';
import { Button } from '@/components/ui/button';
import { useAdminUsers } from '../api/get-users';
import { userMatchesSearch } from './format-admin';

/** A picker stays short: the admin types more of the address rather than scrolling. */
const SHOWN = 5;

/** The families whose email or name holds the search, as the users tab searches them. */
export function matchingFamilies(users: readonly AdminUser[], search: string): AdminUser[] {
  if (!search.trim()) return [];
  return users.filter((user) => userMatchesSearch(user, search));
}

interface FamilyPickerProps {
  selected: AdminUser | null;
  onSelect: (user: AdminUser | null) => void;
}

/** Finds a family in the admin's users list (the same API as the users tab) by email or name. */
export function FamilyPicker({ selected, onSelect }: FamilyPickerProps) {
  const users = useAdminUsers();
  const [search, setSearch] = useState('');
  const found = useMemo(() => matchingFamilies(users.data ?? [], search), [users.data, search]);

  if (selected)
    return (
      <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-santa-50 p-3">
        <p className="min-w-0 text-ink">
          <span className="text-sm text-gray-700">Family: </span>
          <span className="font-semibold break-all" data-testid="preview-family">
            {selected.email}
          </span>
        </p>
        <Button variant="outline" size="sm" onClick={() => onSelect(null)}>
          Choose another family
        </Button>
      </div>
    );

  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="preview-family-search" className="text-sm font-semibold text-ink">
        Find a family
      </label>
      <input
        id="preview-family-search"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Search by email or name"
        className="min-h-tap w-full rounded-xl border border-gray-300 bg-white px-4 py-2.5 text-base text-ink placeholder:text-gray-500 focus:border-santa-600"
      />
      <p className="text-sm text-gray-600" aria-live="polite">
        {users.isError
          ? 'Failed to load users'
          : search.trim()
            ? `${found.length} ${found.length === 1 ? 'family matches' : 'families match'}`
            : 'Type part of a parent’s email or name.'}
      </p>
      {found.length > 0 ? (
        <ul aria-label="Matching families" className="flex flex-col gap-1">
          {found.slice(0, SHOWN).map((user) => (
            <li key={user.id}>
              <button
                type="button"
                onClick={() => onSelect(user)}
                className="flex min-h-tap w-full flex-col rounded-xl border border-gray-200 px-3 py-2 text-left hover:bg-santa-50 focus-visible:outline-3 focus-visible:outline-santa-600"
              >
                <span className="font-semibold break-all text-ink">{user.email}</span>
                <span className="text-sm text-gray-600">
                  {user.name || '(no name)'} · {user.plan_summary}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
