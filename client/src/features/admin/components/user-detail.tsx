import { PaymentReversals, SyncFamilyCalls } from './family-calls-admin';
import { useEffect, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import type { AdminUserDetail } from '@santa/shared/admin';
import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { formatMinutesSeconds, formatPhoneNumber, formatShortDateTime } from '@/lib/format';
import { useAdminUserDetail } from '../api/get-users';
import { DangerZone } from './danger-zone';
import { amountLabel, discountLabel, formatDate } from './format-admin';
import { GiveMinutes } from './give-minutes';
import { DiscountHistoryList } from './history-lists';
import { UserAvatar } from './user-avatar';

const DETAIL_LOAD_FAILED = 'Failed to load user details';

/** The admin sees the balance to the second, as calls are billed. */
const callTime = (seconds: number) => formatMinutesSeconds(seconds) ?? '0m 0s';

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3 border-t border-gray-100 pt-5 first:border-t-0 first:pt-0">
      <h3 className="text-lg font-bold text-ink">{title}</h3>
      {children}
    </section>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-semibold uppercase tracking-wide text-gray-500">{label}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </div>
  );
}

export function UserDetail({
  userId,
  adminId,
  onDeleted,
}: {
  userId: string;
  adminId: string;
  onDeleted: () => void;
}) {
  const detail = useAdminUserDetail(userId);

  useEffect(() => {
    if (detail.isError) toast.error(DETAIL_LOAD_FAILED);
  }, [detail.isError, detail.errorUpdatedAt]);

  if (detail.isPending) {
    return (
      <Card className="flex flex-col gap-4" aria-busy="true">
        <SkeletonBlock className="h-16 w-2/3" />
        <SkeletonBlock className="h-32" />
        <SkeletonBlock className="h-32" />
      </Card>
    );
  }
  if (detail.isError) {
    return <Card className="text-center text-santa-700">{DETAIL_LOAD_FAILED}</Card>;
  }
  return <UserDetailView data={detail.data} isSelf={userId === adminId} onDeleted={onDeleted} />;
}

export function UserDetailView({
  data,
  isSelf,
  onDeleted,
}: {
  data: AdminUserDetail;
  isSelf: boolean;
  onDeleted: () => void;
}) {
  const { user, subscription, agent_config: agent, recent_calls: calls } = data;
  return (
    <Card className="flex flex-col gap-5" aria-label={`Details for ${user.email}`}>
      <Section title="User Information">
        <div className="flex items-center gap-4">
          <UserAvatar name={user.name} email={user.email} picture={user.picture} size="lg" />
          <div className="min-w-0">
            <p className="truncate font-display text-2xl font-bold text-ink">{user.name || '(no name)'}</p>
            <p className="truncate text-gray-600">{user.email}</p>
          </div>
        </div>
        <dl className="grid gap-3 sm:grid-cols-2">
          <Field label="User ID">
            <span className="break-all font-mono text-sm">{user.id}</span>
          </Field>
          <Field label="Joined">{formatDate(user.created_at)}</Field>
          <Field label="Auth method">
            {user.auth_method === 'google' ? 'Google sign-in' : 'email/password'}
          </Field>
        </dl>
      </Section>

      <Section title="Subscription">
        {subscription ? (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Field label="Plan">{subscription.plan_name}</Field>
            <Field label="Status">
              <span className="capitalize">{subscription.status.replace('_', ' ')}</span>
              {subscription.cancel_at_period_end ? ' (ends at period end)' : ''}
            </Field>
            <Field label="Call time">
              {callTime(subscription.seconds_used)} used of {callTime(subscription.seconds_limit)} (
              {callTime(subscription.seconds_remaining)} left)
            </Field>
            <Field label="Amount">{amountLabel(subscription.plan, subscription.amount)}</Field>
            <Field label="Discount">
              {discountLabel(subscription.discount_percent, subscription.discount_type) ?? 'None'}
              {subscription.discount_source ? ` (code ${subscription.discount_source})` : ''}
            </Field>
            {subscription.current_period_end ? (
              <Field label="Current period ends">{formatDate(subscription.current_period_end)}</Field>
            ) : null}
          </dl>
        ) : (
          <p className="text-gray-600">No subscription.</p>
        )}
      </Section>

      <Section title="Discount History">
        <DiscountHistoryList userId={user.id} />
      </Section>

      <Section title="Gifted Minutes">
        <GiveMinutes user={user} />
      </Section>

      <Section title="Agent Configuration">
        {agent ? (
          <dl className="grid gap-3 sm:grid-cols-2">
            <Field label="Phone number">{formatPhoneNumber(agent.twilio_phone_number)}</Field>
            <Field label="Company">{agent.company_name}</Field>
            <Field label="Contact email">{agent.contact_email ?? '—'}</Field>
            <Field label="Documents">{agent.documents.length}</Field>
          </dl>
        ) : (
          <p className="text-gray-600">No agent configuration (no dedicated number).</p>
        )}
      </Section>

      <Section title="Payments">
        {data.payment_reversals.length === 0 ? (
          <p className="text-sm text-gray-600">No refunds or disputes.</p>
        ) : (
          <PaymentReversals reversals={data.payment_reversals} />
        )}
      </Section>

      <Section title="Recent Calls">
        <SyncFamilyCalls userId={user.id} />
        {calls.length === 0 ? (
          <p className="text-gray-600">No calls yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-gray-100">
            {calls.map((call) => (
              <li key={call.id} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
                <span className="font-medium">
                  {call.phone_number ? formatPhoneNumber(call.phone_number) : 'Unknown number'}
                </span>
                <span className="text-gray-600">
                  {formatShortDateTime(call.created_at)}
                  {formatMinutesSeconds(call.duration) ? ` · ${formatMinutesSeconds(call.duration)}` : ''}
                </span>
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm text-gray-600">
          {data.children === 1
            ? 'Santa knows 1 child in this family.'
            : `Santa knows ${data.children} children in this family.`}
        </p>
        <p className="text-sm text-gray-600">
          Invited to listen: {data.listeners} · Santa’s calls still to come: {data.scheduled_calls_upcoming}
        </p>
        <p className="text-sm text-gray-600">
          {data.active_share_links === 0
            ? 'No shared keepsake links working.'
            : `Shared keepsake links working: ${data.active_share_links} (deleting the account ends them).`}
        </p>
      </Section>

      <DangerZone detail={data} isSelf={isSelf} onDeleted={onDeleted} />
    </Card>
  );
}
