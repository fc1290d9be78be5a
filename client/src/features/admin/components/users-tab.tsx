import { useEffect, useMemo, useState } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { useAdminUsers } from '../api/get-users';
import { userMatchesSearch } from './format-admin';
import { UserDetail } from './user-detail';
import { UserList } from './user-list';

const USERS_LOAD_FAILED = 'Failed to load users';

export function UsersTab({ adminId }: { adminId: string }) {
  const users = useAdminUsers();
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);

  useEffect(() => {
    if (users.isError) toast.error(USERS_LOAD_FAILED);
  }, [users.isError, users.errorUpdatedAt]);

  const filtered = useMemo(() => {
    const all = users.data ?? [];
    return search.trim() ? all.filter((user) => userMatchesSearch(user, search)) : all;
  }, [users.data, search]);

  const refresh = async () => {
    const result = await users.refetch();
    if (result.isError) return;
    if (selectedId && !result.data?.some((user) => user.id === selectedId)) {
      setSelectedId(null);
      toast.info('Selected user no longer exists');
    }
  };

  const total = users.data?.length ?? 0;
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(300px,400px)_minmax(0,1fr)]">
      <Card className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <h2 className="font-display text-xl font-bold text-ink">Users</h2>
          <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={users.isFetching}>
            {users.isFetching ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="admin-user-search" className="text-sm font-semibold text-ink">
            Search users
          </label>
          <input
            id="admin-user-search"
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder="Search by email or name"
            className="w-full rounded-xl border border-gray-300 bg-white px-4 py-2.5 text-base text-ink placeholder:text-gray-500 focus:border-santa-600"
          />
          <p className="text-sm text-gray-600" aria-live="polite">
            {search.trim() ? `Showing ${filtered.length} of ${total} users` : `${total} users`}
          </p>
        </div>
        <div className="rounded-xl border border-gray-200">
          {users.isPending ? (
            <div className="flex flex-col gap-2 p-3">
              {[0, 1, 2, 3].map((i) => (
                <SkeletonBlock key={i} className="h-14" />
              ))}
            </div>
          ) : users.isError ? (
            <p className="p-6 text-center text-santa-700">{USERS_LOAD_FAILED}</p>
          ) : (
            <UserList users={filtered} selectedId={selectedId} onSelect={setSelectedId} />
          )}
        </div>
      </Card>
      {selectedId ? (
        <UserDetail userId={selectedId} adminId={adminId} onDeleted={() => setSelectedId(null)} />
      ) : (
        <Card className="flex min-h-60 items-center justify-center text-center text-gray-600">
          Select a user to see their details.
        </Card>
      )}
    </div>
  );
}
