import { Heading } from '@react-email/components';
import { Action, EmailLayout, headingStyle, Paragraph } from './layout.tsx';

const hello = (name: string | null) => (name?.trim() ? `Hello ${name.trim()},` : 'Hello,');

/** The buyer's receipt: what they paid and the day the recipient hears of it. */
export function GiftReceiptEmail(props: {
  buyerName: string;
  recipientName: string | null;
  planName: string;
  amount: string;
  deliverOn: string;
  giftUrl: string;
  publicUrl: string;
}) {
  const who = props.recipientName ?? 'them';
  return (
    <EmailLayout
      preview={`Your gift is on its way on ${props.deliverOn}.`}
      publicUrl={props.publicUrl}
      reason="you bought a gift from us"
    >
      <Heading style={headingStyle}>Your gift is on its way on {props.deliverOn}</Heading>
      <Paragraph>{hello(props.buyerName)}</Paragraph>
      <Paragraph>
        Thank you! You paid {props.amount} for the {props.planName} as a gift for {who}. On {props.deliverOn}{' '}
        we email {who} a link to redeem it, with your message. Their plan starts when they redeem it; it is
        paid once and never renews.
      </Paragraph>
      <Action href={props.giftUrl}>Give another gift</Action>
    </EmailLayout>
  );
}

/** The recipient's email: who gave it, their words, and the single-use redeem link. */
export function GiftDeliveryEmail(props: {
  giverName: string;
  recipientName: string | null;
  message: string | null;
  planName: string;
  redeemUrl: string;
  publicUrl: string;
}) {
  return (
    <EmailLayout
      preview={`${props.giverName} sent you a Santa Calls gift: the ${props.planName}.`}
      publicUrl={props.publicUrl}
      reason={`${props.giverName} sent you a gift; we keep your address for nothing else`}
    >
      <Heading style={headingStyle}>{props.giverName} sent you a gift from Santa!</Heading>
      <Paragraph>{hello(props.recipientName)}</Paragraph>
      <Paragraph>
        {props.giverName} gave your family the {props.planName}: personal phone calls with Santa for your
        children. It is already paid for.
      </Paragraph>
      {props.message ? <Paragraph>“{props.message}”</Paragraph> : null}
      <Paragraph>
        Open the link, sign in or create an account, and press Redeem. The link works once, so keep this email
        to yourself.
      </Paragraph>
      <Action href={props.redeemUrl}>Redeem your gift</Action>
    </EmailLayout>
  );
}
