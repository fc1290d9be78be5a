import type { PlanNotice } from '@santa/shared/notices';
import { callTimeText } from '@santa/shared/subscription';
import { toast } from '@/lib/toast';
import { formatLongDate, formatMinutes } from '@/lib/format';
import { useDismissNotice, usePlanNotices } from '../api/plan-notices';

/** The words for one notice: what changed, and what it means for the family's calls. */
function noticeText(notice: PlanNotice): { title: string; body: string } {
  switch (notice.kind) {
    case 'gift':
      return {
        title: `You were gifted ${formatMinutes(notice.minutes)} of calls with Santa`,
        body: notice.note ? `“${notice.note}”` : 'They are ready to use on your Santa line.',
      };
    case 'discount_revoked':
      return {
        title: `Your ${notice.discount_percent}% discount was removed`,
        body: notice.ends_at
          ? `Your ${notice.plan_name} stays active until ${formatLongDate(notice.ends_at)}, then ends. Nothing more will be charged.`
          : `Your ${notice.plan_name} runs to the end of its paid period, then ends. Nothing more will be charged.`,
      };
    case 'plan_cancelled':
      return {
        title: `Your ${notice.plan_name} was cancelled`,
        body: `Calls stopped on ${formatLongDate(notice.created_at)} with ${callTimeText(notice.seconds_left ?? notice.minutes_left * 60)} left, and its Santa number was released. Nothing more will be charged; choose a plan to call again.`,
      };
  }
}

/** Changes the admin made to the family's plan, dated, until the parent dismisses them. */
export function PlanNotices() {
  const notices = usePlanNotices();
  const dismiss = useDismissNotice();
  if (!notices.data || notices.data.notices.length === 0) return null;
  return (
    <section aria-label="Notices about your plan" className="flex flex-col gap-3">
      {notices.data.notices.map((notice) => {
        const { title, body } = noticeText(notice);
        return (
          <div
            key={notice.id}
            role="status"
            className="flex flex-col gap-3 rounded-2xl border border-gold-400 bg-white p-4 shadow-sm sm:flex-row sm:items-start sm:justify-between"
          >
            <div>
              <p className="text-sm text-gray-600">{formatLongDate(notice.created_at)}</p>
              <p className="mt-1 font-semibold text-ink">{title}</p>
              <p className="mt-1 text-gray-700">{body}</p>
            </div>
            <button
              type="button"
              className="min-h-11 self-start rounded-full border-2 border-gray-300 px-4 text-sm font-semibold text-gray-700 hover:bg-gray-50"
              disabled={dismiss.isPending}
              onClick={() =>
                dismiss.mutate(notice.id, {
                  onError: () => toast.error('We could not dismiss that notice. Try again.'),
                })
              }
            >
              Dismiss
            </button>
          </div>
        );
      })}
    </section>
  );
}
