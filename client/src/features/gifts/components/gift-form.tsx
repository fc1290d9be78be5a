import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { formatBillingDate } from '@santa/shared/billing-terms';
import {
  GIFT_MAX_DAYS_AHEAD,
  GIFT_MESSAGE_MAX,
  giftCheckoutSchema,
  localDateOf,
  type GiftCheckoutInput,
  type GiftCheckoutRequest,
} from '@santa/shared/gifts';
import { formatPrice, PLANS, PURCHASABLE_PLAN_IDS, type PurchasablePlanId } from '@santa/shared/plans';
import { Form } from '@/components/form/form';
import { unlessInvalid } from '@/components/form/schema-rules';
import { EmailField, FormTextAreaField, FormTextField } from '@/components/form/text-fields';
import { formSchema, useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { requestErrorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useCreateGiftCheckout } from '../api/create-gift-checkout';

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

/** The form holds every field as typed, and the offset of this browser's calendar. */
type GiftFields = Omit<Record<keyof GiftCheckoutInput, string>, 'plan' | 'tz_offset_minutes'> & {
  plan: PurchasablePlanId;
  tz_offset_minutes: number;
};

const signedInSchema = formSchema<GiftFields>()(giftCheckoutSchema);

/** Signed out, the buyer's name and email are required too (the schema reads blank as not given). */
const signedOutSchema = formSchema<GiftFields>()(
  giftCheckoutSchema
    .refine((gift) => gift.buyer_name !== undefined, {
      path: ['buyer_name'],
      message: 'Your name is required',
      when: unlessInvalid('buyer_name'),
    })
    .refine((gift) => gift.buyer_email !== undefined, {
      path: ['buyer_email'],
      message: 'Your email is required',
      when: unlessInvalid('buyer_email'),
    }),
);

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
  const form = useZodForm(isSignedIn ? signedInSchema : signedOutSchema, {
    defaultValues: {
      plan: 'subscription_3month',
      recipient_email: '',
      recipient_name: '',
      message: '',
      deliver_on: today,
      tz_offset_minutes: offset,
      buyer_name: '',
      buyer_email: '',
    },
  });
  const [plan, deliverOn] = useWatch({ control: form.control, name: ['plan', 'deliver_on'] });
  const checkout = useCreateGiftCheckout();
  const leaving = checkout.isPending || checkout.isSuccess;

  async function submit(request: GiftCheckoutRequest) {
    try {
      await checkout.mutateAsync(request);
    } catch (error) {
      toast.error(requestErrorMessage(error));
    }
  }

  return (
    <Card className="w-full max-w-xl p-6 sm:p-8">
      <Form form={form} noValidate onSubmit={submit} className="flex flex-col gap-5">
        <PlanChoice value={plan} onChange={(id) => form.setValue('plan', id)} />
        <FormTextField form={form} name="recipient_name" label="Their name" required />
        <EmailField
          form={form}
          name="recipient_email"
          label="Their email"
          required
          autoComplete="off"
          hint="We email them a link to redeem the gift on the day you choose."
        />
        <FormTextAreaField form={form} name="message" label="Your message" limit={GIFT_MESSAGE_MAX} />
        <FormTextField
          form={form}
          name="deliver_on"
          label="Delivery day"
          type="date"
          required
          min={today}
          max={last}
          hint="Today sends it now; a later day sends it that morning."
        />
        {isSignedIn ? null : (
          <>
            <FormTextField
              form={form}
              name="buyer_name"
              label="Your name"
              required
              autoComplete="name"
              hint="They see it as who the gift is from."
            />
            <EmailField form={form} name="buyer_email" label="Your email" required hint="For your receipt." />
          </>
        )}
        <Button type="submit" size="lg" disabled={leaving}>
          {leaving
            ? 'Opening checkout…'
            : `Pay ${formatPrice(PLANS[plan].priceCents)} and send on ${formatBillingDate(`${deliverOn || today}T12:00:00Z`)}`}
        </Button>
      </Form>
    </Card>
  );
}
