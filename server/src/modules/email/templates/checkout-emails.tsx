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
