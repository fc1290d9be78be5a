import { Heading, Link, Section, Text } from '@react-email/components';
import type { ReceiptContent } from './email-content.ts';
import { Action, EmailLayout, headingStyle, Paragraph, textStyle } from './layout.tsx';

const hello = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

const rowStyle = { ...textStyle, margin: '4px 0' };

/** The receipt's lines, one per fact, so the text part reads as a list too. */
function Facts({ lines }: { lines: [label: string, value: string][] }) {
  return (
    <Section style={{ backgroundColor: '#fdf8f3', borderRadius: '12px', padding: '8px 16px' }}>
      {lines.map(([label, value]) => (
        <Text key={label} style={rowStyle}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </Section>
  );
}

/**
 * Cancelling is said in every billing email, next to the date it matters by: a parent who
 * knows how to stop a renewal can trust the one they keep.
 */
function HowToCancel({ dashboardUrl, before }: { dashboardUrl: string; before: string | null }) {
  return (
    <Paragraph>
      To cancel, open <Link href={dashboardUrl}>your dashboard</Link> and choose{' '}
      <strong>Manage billing</strong>
      {before ? `; cancel before ${before} and you will not be charged again.` : '.'} Your pass then runs to
      the end of the time you paid for.
    </Paragraph>
  );
}

const RECEIPT_WORDS = {
  purchase_receipt: {
    heading: (plan: string) => `Thank you! Your ${plan} is ready`,
    lead: 'Santa is looking forward to the call. Here is your receipt:',
  },
  renewal_receipt: {
    heading: (plan: string) => `Your ${plan} renewed`,
    lead: 'Santa’s line stays open for your family for another period. Here is your receipt:',
  },
  upgrade_receipt: {
    heading: (plan: string) => `You moved up to the ${plan}`,
    lead: 'Your new pass starts today, with its minutes added to the ones you had left. The charge is the new price less the unused part of your previous pass. Here is your receipt:',
  },
} as const;

export function ReceiptEmail(
  props: ReceiptContent & { kind: keyof typeof RECEIPT_WORDS; publicUrl: string },
) {
  const words = RECEIPT_WORDS[props.kind];
  const { renewal } = props;
  const lines: [string, string][] = [
    ['Plan', props.planName],
    ['Charged', `${props.amount} on ${props.paidOn}`],
  ];
  if (renewal) lines.push(['Terms', renewal.terms]);
  if (renewal?.renewsOn) lines.push(['Next renewal', renewal.renewsOn]);
  return (
    <EmailLayout preview={`Receipt for your ${props.planName}: ${props.amount}`} publicUrl={props.publicUrl}>
      <Heading style={headingStyle}>{words.heading(props.planName)}</Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>{words.lead}</Paragraph>
      <Facts lines={lines} />
      {renewal ? <HowToCancel dashboardUrl={props.dashboardUrl} before={renewal.renewsOn} /> : null}
      <Action href={props.dashboardUrl}>Go to my dashboard</Action>
    </EmailLayout>
  );
}

export function RenewalReminderEmail(props: {
  name: string;
  planName: string;
  amount: string;
  renewsOn: string;
  terms: string;
  dashboardUrl: string;
  publicUrl: string;
}) {
  return (
    <EmailLayout
      preview={`Your ${props.planName} renews on ${props.renewsOn} for ${props.amount}.`}
      publicUrl={props.publicUrl}
    >
      <Heading style={headingStyle}>Your pass renews in a week</Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>
        A friendly note from the North Pole: your {props.planName} renews on {props.renewsOn}, and we will
        charge {props.amount} to the card on file. Nothing to do if you would like to keep it.
      </Paragraph>
      <Facts
        lines={[
          ['Renews on', props.renewsOn],
          ['Amount', props.amount],
          ['Terms', props.terms],
        ]}
      />
      <HowToCancel dashboardUrl={props.dashboardUrl} before={props.renewsOn} />
      <Action href={props.dashboardUrl}>Open my dashboard</Action>
    </EmailLayout>
  );
}
