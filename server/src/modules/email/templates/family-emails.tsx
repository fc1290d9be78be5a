import { Heading, Link, Text } from '@react-email/components';
import type { CallRecap } from '@santa/shared/recap';
import { Action, EmailLayout, headingStyle, Paragraph } from './layout.tsx';
import { RecapSection } from './recap-section.tsx';

const hello = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

/** The recap's words for its length: "4 minutes", "a 4-minute call". */
export function recapWording(minutes: number): { length: string; minuteCall: string } {
  return {
    length: minutes === 1 ? '1 minute' : `${minutes} minutes`,
    minuteCall: `${Math.max(1, minutes)}-minute call`,
  };
}

export interface CallRecapEmailProps {
  name: string;
  kidName: string | null;
  /** recapWording's. */
  length: string;
  minuteCall: string;
  summary: string | null;
  recap: CallRecap | null;
  callsUrl: string;
  preferencesUrl: string;
  publicUrl: string;
}

/** The line an email client shows beside the subject. */
export const recapPreview = (props: Pick<CallRecapEmailProps, 'kidName' | 'length'>) =>
  `${props.kidName ?? 'Your child'} just talked to Santa for ${props.length}.`;

/** The recap is the one optional email, so its footer says where to turn it off. */
export function CallRecapEmail(props: CallRecapEmailProps) {
  const who = props.kidName ?? 'Your child';
  const { minuteCall } = props;
  return (
    <EmailLayout
      preview={recapPreview(props)}
      publicUrl={props.publicUrl}
      footer={
        <Text style={{ color: '#6b7280', fontSize: '13px', lineHeight: '20px', margin: '8px 0' }}>
          Rather not get these?{' '}
          <Link href={props.preferencesUrl} style={{ color: '#b91c1c' }}>
            Turn off call recaps
          </Link>{' '}
          on your account page.
        </Text>
      }
    >
      <Heading style={headingStyle}>{who} just talked to Santa!</Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>
        Ho ho ho! {props.kidName ?? 'Your child'} and Santa just finished a {minuteCall}. The transcript and
        Santa&apos;s notes on the conversation are waiting for you on your dashboard.
      </Paragraph>
      {props.summary ? <Paragraph>{props.summary}</Paragraph> : null}
      <RecapSection who={who} recap={props.recap} />
      <Action href={props.callsUrl}>See the call</Action>
    </EmailLayout>
  );
}

export function PaymentFailedEmail(props: {
  name: string;
  updateUrl: string;
  dashboardUrl: string;
  publicUrl: string;
}) {
  return (
    <EmailLayout
      preview="Your card was declined. Update it to keep Santa's line open."
      publicUrl={props.publicUrl}
    >
      <Heading style={headingStyle}>Your payment didn&apos;t go through</Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>
        We tried to renew your Santa Calls pass, but the card on file was declined. Please pay with another
        card so your family keeps its Santa number and minutes:
      </Paragraph>
      <Action href={props.updateUrl}>Update my card</Action>
      <Paragraph>
        You can also find this on your <Link href={props.dashboardUrl}>dashboard</Link>. Nothing else changes
        while you sort it out.
      </Paragraph>
    </EmailLayout>
  );
}

/** The family's download: the link works for a day, and only from this email or the privacy page. */
export function ExportReadyEmail(props: {
  name: string;
  downloadUrl: string;
  validHours: number;
  privacyUrl: string;
  publicUrl: string;
}) {
  return (
    <EmailLayout preview="Your family's Santa Calls download is ready." publicUrl={props.publicUrl}>
      <Heading style={headingStyle}>Your download is ready</Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>
        You asked for a copy of everything Santa Calls holds about your family. It is one zip file with your
        account, your child&apos;s profile, your calls and their recordings.
      </Paragraph>
      <Action href={props.downloadUrl}>Download my family&apos;s data</Action>
      <Paragraph>
        The link works for {props.validHours} hours, then the file is deleted. You can ask for a new one at
        any time on your <Link href={props.privacyUrl}>privacy page</Link>. If you did not ask for this,
        please change your password.
      </Paragraph>
    </EmailLayout>
  );
}
