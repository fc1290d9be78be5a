import { Heading, Link } from '@react-email/components';
import { callTimeText } from '@santa/shared/subscription';
import { Action, EmailLayout, headingStyle, Paragraph } from './layout.tsx';

/**
 * What the Santa Calls team changed in a family's plan, the same news as the dashboard notice:
 * a parent should never find out about a change to their plan by surprise.
 */

const hello = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');
const minutesOf = (minutes: number) => (minutes === 1 ? '1 minute' : `${minutes} minutes`);

export function GiftEmail(props: {
  name: string;
  minutes: number;
  note: string | null;
  dashboardUrl: string;
  publicUrl: string;
}) {
  return (
    <EmailLayout
      preview={`The Santa Calls team gifted you ${minutesOf(props.minutes)}.`}
      publicUrl={props.publicUrl}
    >
      <Heading style={headingStyle}>A gift from the North Pole!</Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>
        The Santa Calls team added {minutesOf(props.minutes)} of calls with Santa to your account, free of
        charge.
      </Paragraph>
      {props.note ? <Paragraph>Their note: “{props.note}”</Paragraph> : null}
      <Action href={props.dashboardUrl}>See my minutes</Action>
    </EmailLayout>
  );
}

export function DiscountRevokedEmail(props: {
  name: string;
  planName: string;
  discountPercent: number;
  endsOn: string | null;
  dashboardUrl: string;
  publicUrl: string;
}) {
  const until = props.endsOn ? `until ${props.endsOn}` : 'until the end of the period you paid for';
  return (
    <EmailLayout preview={`Your ${props.planName} runs ${until}, then ends.`} publicUrl={props.publicUrl}>
      <Heading style={headingStyle}>A change to your {props.planName}</Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>
        The Santa Calls team removed the {props.discountPercent}% discount from your {props.planName}. Your
        pass keeps working {until}, then ends instead of renewing: you will not be charged again.
      </Paragraph>
      <Paragraph>
        Your minutes, your child&apos;s profile and your calls stay as they are. To keep calling Santa after
        that, you can choose a plan again from your dashboard.
      </Paragraph>
      <Action href={props.dashboardUrl}>Go to my dashboard</Action>
    </EmailLayout>
  );
}

export function PlanCancelledEmail(props: {
  name: string;
  planName: string;
  secondsLeft: number;
  pricingUrl: string;
  dashboardUrl: string;
  publicUrl: string;
}) {
  return (
    <EmailLayout preview={`Your ${props.planName} was cancelled.`} publicUrl={props.publicUrl}>
      <Heading style={headingStyle}>Your {props.planName} was cancelled</Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>
        The Santa Calls team cancelled your {props.planName} today, together with its discount. It will not
        renew and you will not be charged again. It stopped with {callTimeText(props.secondsLeft)} left, and a
        dedicated Santa number that came with it no longer answers.
      </Paragraph>
      <Paragraph>
        Your calls and your child&apos;s profile are still on{' '}
        <Link href={props.dashboardUrl}>your dashboard</Link>. Whenever you would like Santa back, pick a
        plan:
      </Paragraph>
      <Action href={props.pricingUrl}>See the plans</Action>
    </EmailLayout>
  );
}
