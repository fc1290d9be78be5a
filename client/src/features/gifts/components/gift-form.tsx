import { useState, type FormEvent } from 'react';
import { formatBillingDate } from '@santa/shared/billing-terms';
import {
  GIFT_MAX_DAYS_AHEAD,
  GIFT_MESSAGE_MAX,
  giftCheckoutSchema,
  localDateOf,
  type GiftCheckoutInput,
} from '@santa/shared/gifts';
import { formatPrice, PLANS, PURCHASABLE_PLAN_IDS, type PurchasablePlanId } from '@santa/shared/plans';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import { requestErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateGiftCheckout } from '../api/create-gift-checkout';

interface Fields {
  plan: PurchasablePlanId;
  recipient_email: string;
  recipient_name: string;
  message: string;
  deliver_on: string;
  buyer_name: string;
  buyer_email: string;
}
type Errors = Partial<Record<keyof Fields, string>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Today and the last day a gift can be sent, in this browser's calendar. */
function dayRange() {
  const offset = new Date().getTimezoneOffset();
  return {
    offset,
    today: localDateOf(new Date(), offset),
    last: localDateOf(new Date(Date.now() + GIFT_MAX_DAYS_AHEAD * DAY_MS), offset),
  };
}

function PlanChoice({
  value,
  onChange,
}: {
  value: PurchasablePlanId;
  onChange: (id: PurchasablePlanId) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1.5 text-sm font-semibold text-ink">The gift</legend>
      {PURCHASABLE_PLAN_IDS.map((id) => {
        const plan = PLANS[id];
        return (
          <label
            key={id}
            className="flex min-h-tap cursor-pointer items-center gap-3 rounded-xl border border-santa-100 bg-white px-4 py-2 has-checked:border-santa-600 has-checked:bg-santa-50"
          >
            <input
              type="radio"
              name="plan"
              value={id}
              checked={value === id}
              onChange={() => onChange(id)}
              className="h-4 w-4 accent-santa-600"
            />
            <span className="flex-1 font-semibold text-ink">{plan.name}</span>
            <span className="text-gray-700">{formatPrice(plan.priceCents)}</span>
          </label>
        );
      })}
      <p className="text-sm text-gray-600">Paid once, even for a pass: a gift never renews.</p>
    </fieldset>
  );
}

/** The "Give Santa as a gift" form; a signed-out buyer also gives their name and email. */
export function GiftForm({ isSignedIn }: { isSignedIn: boolean }) {
  const [{ offset, today, last }] = useState(dayRange);
  const [fields, setFields] = useState<Fields>({
    plan: 'subscription_3month',
    recipient_email: '',
    recipient_name: '',
    message: '',
    deliver_on: today,
    buyer_name: '',
    buyer_email: '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const checkout = useCreateGiftCheckout();
  const set = (name: keyof Fields) => (value: string) =>
    setFields((current) => ({ ...current, [name]: value }));

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input: GiftCheckoutInput = { ...fields, tz_offset_minutes: offset };
    const parsed = giftCheckoutSchema.safeParse(input);
    const found: Errors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const name = issue.path[0] as keyof Fields;
      found[name] ??= issue.message;
    }
    if (!isSignedIn && !fields.buyer_name.trim()) found.buyer_name ??= 'Your name is required';
    if (!isSignedIn && !fields.buyer_email.trim()) found.buyer_email ??= 'Your email is required';
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    try {
      await checkout.mutateAsync(input);
    } catch (error) {
      toast.error(requestErrorMessage(error));
    }
  }

  return (
    <Card className="w-full max-w-xl p-6 sm:p-8">
      <form noValidate onSubmit={handleSubmit} className="flex flex-col gap-5">
        <PlanChoice value={fields.plan} onChange={set('plan')} />
        <TextField
          label="Their name"
          name="recipient_name"
          required
          value={fields.recipient_name}
          onChange={(event) => set('recipient_name')(event.target.value)}
          error={errors.recipient_name}
        />
        <TextField
          label="Their email"
          name="recipient_email"
          type="email"
          required
          autoComplete="off"
          value={fields.recipient_email}
          onChange={(event) => set('recipient_email')(event.target.value)}
          error={errors.recipient_email}
          hint="We email them a link to redeem the gift on the day you choose."
        />
        <TextAreaField
          label="Your message"
          name="message"
          value={fields.message}
          onValueChange={set('message')}
          limit={GIFT_MESSAGE_MAX}
          error={errors.message}
        />
        <TextField
          label="Delivery day"
          name="deliver_on"
          type="date"
          required
          min={today}
          max={last}
          value={fields.deliver_on}
          onChange={(event) => set('deliver_on')(event.target.value)}
          error={errors.deliver_on}
          hint="Today sends it now; a later day sends it that morning."
        />
        {isSignedIn ? null : (
          <>
            <TextField
              label="Your name"
              name="buyer_name"
              required
              autoComplete="name"
              value={fields.buyer_name}
              onChange={(event) => set('buyer_name')(event.target.value)}
              error={errors.buyer_name}
              hint="They see it as who the gift is from."
            />
            <TextField
              label="Your email"
              name="buyer_email"
              type="email"
              required
              autoComplete="email"
              value={fields.buyer_email}
              onChange={(event) => set('buyer_email')(event.target.value)}
              error={errors.buyer_email}
              hint="For your receipt."
            />
          </>
        )}
        <Button type="submit" size="lg" disabled={checkout.isPending || checkout.isSuccess}>
          {checkout.isPending || checkout.isSuccess
            ? 'Opening checkout…'
            : `Pay ${formatPrice(PLANS[fields.plan].priceCents)} and send on ${formatBillingDate(`${fields.deliver_on || today}T12:00:00Z`)}`}
        </Button>
      </form>
    </Card>
  );
}
