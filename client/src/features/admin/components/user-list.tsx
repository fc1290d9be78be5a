import type { AdminUser } from '@santa/shared/admin';
import { discountLabel, shortId } from './format-admin';
import { UserAvatar } from './user-avatar';

interface UserListProps {
  users: AdminUser[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}

/** Spec §9: the list scrolls within 600px. */
export function UserList({ users, selectedId, onSelect }: UserListProps) {
  if (users.length === 0) {
    return <p className="p-6 text-center text-gray-600">No users match your search.</p>;
  }
  return (
    <ul
      aria-label="Users"
      className="flex max-h-[600px] flex-col gap-1 overflow-y-auto p-2 lg:h-[600px]"
      data-testid="admin-user-list"
    >
      {users.map((user) => {
        const selected = user.id === selectedId;
        const discount = discountLabel(user.discount_percent, user.discount_type);
        return (
          <li key={user.id}>
            <button
              type="button"
              aria-pressed={selected}
              onClick={() => onSelect(user.id)}
              className={`flex w-full items-center gap-3 rounded-xl p-3 text-left transition-colors focus-visible:outline-3 focus-visible:outline-santa-600 ${
                selected ? 'bg-santa-50 ring-2 ring-santa-600' : 'hover:bg-gray-50'
              }`}
            >
              <UserAvatar name={user.name} email={user.email} picture={user.picture} />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate font-semibold text-ink">{user.name || '(no name)'}</span>
                <span className="truncate text-sm text-gray-600">{user.email}</span>
                <span
                  className={`text-sm font-medium ${user.subscription ? 'text-pine-700' : 'text-gray-500'}`}
                  data-testid="user-plan"
                >
                  {user.plan_summary}
                </span>
                <span className="flex flex-wrap items-center gap-2 pt-1">
                  <span className="font-mono text-xs text-gray-500" title={user.id}>
                    ID: {shortId(user.id)}
                  </span>
                  {discount ? (
                    <span className="rounded-full bg-gold-400/30 px-2 py-0.5 text-xs font-semibold text-amber-900">
                      {discount}
                    </span>
                  ) : null}
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}
