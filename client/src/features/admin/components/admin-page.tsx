import { useRef, useState, type KeyboardEvent } from 'react';
import type { User } from '@santa/shared/auth';
import { AdminLayout, useRejectNonAdmin } from './admin-layout';
import { CouponsPanel } from './coupons-panel';
import { GiftsCard } from './gifts-card';
import { SafetyFlagsCard } from './safety-flags-card';
import { SantaScriptTab } from './santa-script-tab';
import { VoiceSamplesCard } from './voice-samples-card';
import { UsersTab } from './users-tab';

const TABS = [
  { id: 'users', label: 'User Management' },
  { id: 'script', label: "Santa's Script" },
  { id: 'coupons', label: 'Coupons & Gifts' },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function AdminPage({ user }: { user: User }) {
  useRejectNonAdmin(user.is_admin);
  const [tab, setTab] = useState<TabId>('users');
  const tabRefs = useRef<Record<TabId, HTMLButtonElement | null>>({
    users: null,
    script: null,
    coupons: null,
  });
  if (!user.is_admin) return null;

  // WAI-ARIA tabs: arrow keys move between tabs.
  const onKeyDown = (event: KeyboardEvent) => {
    const index = TABS.findIndex((t) => t.id === tab);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(index + step + TABS.length) % TABS.length]!.id;
    setTab(next);
    tabRefs.current[next]?.focus();
  };

  return (
    <AdminLayout title="Admin Panel">
      <div
        role="tablist"
        aria-label="Admin sections"
        onKeyDown={onKeyDown}
        className="grid grid-cols-3 gap-1 rounded-2xl bg-santa-50 p-1"
      >
        {TABS.map((t) => (
          <button
            key={t.id}
            ref={(element) => {
              tabRefs.current[t.id] = element;
            }}
            id={`admin-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`admin-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            onClick={() => setTab(t.id)}
            className={`min-h-tap rounded-xl px-2 py-2.5 text-sm leading-tight font-semibold transition-colors sm:px-4 sm:text-base ${
              tab === t.id ? 'bg-white text-santa-700 shadow' : 'text-gray-700 hover:bg-white/60'
            }`}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        {tab === 'users' ? (
          <>
            <UsersTab adminId={user.id} />
            <GiftsCard />
          </>
        ) : null}
        {tab === 'script' ? (
          <>
            <SantaScriptTab />
            <VoiceSamplesCard />
            <SafetyFlagsCard />
          </>
        ) : null}
        {tab === 'coupons' ? <CouponsPanel /> : null}
      </div>
    </AdminLayout>
  );
}
