import { useDiscountHistory, useGiftHistory } from '../api/get-users';
import { discountTypeLabel, formatDate } from './format-admin';

const REASONS = {
  cancel_immediately: 'cancelled immediately',
  finish_period: 'finish billing period',
} as const;

/** Spec §9: each history scrolls within 256px. */
const scrollBox = 'max-h-[256px] overflow-y-auto rounded-xl border border-gray-200';

export function DiscountHistoryList({ userId }: { userId: string }) {
  const { data = [], isPending } = useDiscountHistory(userId);
  if (isPending) return <p className="text-gray-600">Loading…</p>;
  if (data.length === 0) return <p className="text-gray-600">No discount history.</p>;
  return (
    <ul className={`${scrollBox} divide-y divide-gray-100`} data-testid="discount-history">
      {data.map((item) => (
        <li key={item.id} className="flex flex-col gap-0.5 p-3 text-sm">
          <span className="font-semibold capitalize text-ink">
            {item.action}
            {item.discount_percent !== null
              ? ` · ${item.discount_percent}% ${discountTypeLabel(item.discount_type)}`
              : ''}
          </span>
          <span className="text-gray-600">
            {formatDate(item.created_at)}
            {item.discount_source ? ` · code ${item.discount_source}` : ''}
            {item.revoked_by ? ` · by ${item.revoked_by}` : ''}
            {item.revoke_reason ? ` (${REASONS[item.revoke_reason]})` : ''}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function GiftHistoryList({ userId }: { userId: string }) {
  const { data = [], isPending } = useGiftHistory(userId);
  if (isPending) return <p className="text-gray-600">Loading…</p>;
  if (data.length === 0) return <p className="text-gray-600">No minutes gifted yet.</p>;
  return (
    <ul className={`${scrollBox} divide-y divide-gray-100`} data-testid="gift-history">
      {data.map((gift) => (
        <li key={gift.id} className="flex flex-col gap-0.5 p-3 text-sm">
          <span className="font-semibold text-ink">+{gift.minutes} minutes</span>
          <span className="text-gray-600">
            {formatDate(gift.created_at)} · by {gift.gifted_by_email}
          </span>
          {gift.note ? <span className="text-gray-700">“{gift.note}”</span> : null}
        </li>
      ))}
    </ul>
  );
}
