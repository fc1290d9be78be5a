import { Heading } from '@react-email/components';
import { Action, EmailLayout, headingStyle, Paragraph } from './layout.tsx';

/** A bank payment (a delayed method) for a checkout did not go through: nothing was bought. */
export function CheckoutPaymentFailedEmail(props: {
  name: string;
  planName: string;
  pricingUrl: string;
  publicUrl: string;
}) {
  return (
    <EmailLayout
      preview={`Your payment for the ${props.planName} did not go through.`}
      publicUrl={props.publicUrl}
    >
      <Heading style={headingStyle}>Your payment didn&apos;t go through</Heading>
      <Paragraph>{props.name.trim() ? `Hello ${props.name.trim()},` : 'Hello,'}</Paragraph>
      <Paragraph>
        Your bank did not complete the payment for the {props.planName}, so nothing was charged and the plan
        has not started. You can try again with another payment method at any time.
      </Paragraph>
      <Action href={props.pricingUrl}>Try again</Action>
    </EmailLayout>
  );
}

/** A gift the family redeemed ended: the giver's payment was refunded or disputed. */
export function GiftReversedEmail(props: { name: string; pricingUrl: string; publicUrl: string }) {
  return (
    <EmailLayout preview="The gift plan on your account has ended." publicUrl={props.publicUrl}>
      <Heading style={headingStyle}>Your gift plan has ended</Heading>
      <Paragraph>{props.name.trim() ? `Hello ${props.name.trim()},` : 'Hello,'}</Paragraph>
      <Paragraph>
        The payment for the gift you redeemed was refunded or disputed with the bank, so the plan it gave you
        has ended. Your calls, recordings and what Santa remembers stay on your account.
      </Paragraph>
      <Paragraph>If this is a surprise, the person who gave it to you may know why.</Paragraph>
      <Action href={props.pricingUrl}>See the plans</Action>
    </EmailLayout>
  );
}
