import { Heading } from '@react-email/components';
import { Action, EmailLayout, headingStyle, Paragraph } from './layout.tsx';

const hello = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

/** Sent before an unused account is deleted; signing in is all it takes to keep it. */
export function InactivityWarningEmail(props: {
  name: string;
  deleteOn: string;
  inactiveMonths: number;
  signInUrl: string;
  publicUrl: string;
}) {
  return (
    <EmailLayout
      preview={`Your Santa Calls account will be deleted on ${props.deleteOn} unless you sign in.`}
      publicUrl={props.publicUrl}
    >
      <Heading style={headingStyle}>Keep your Santa Calls account?</Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>
        Nobody has used your Santa Calls account for almost {props.inactiveMonths} months. So that we do not
        keep your family&apos;s details longer than needed, we will delete the account on {props.deleteOn}:
        your child&apos;s profile, calls, transcripts and recordings.
      </Paragraph>
      <Paragraph>To keep it, simply sign in before then. Nothing else is needed.</Paragraph>
      <Action href={props.signInUrl}>Sign in to keep my account</Action>
      <Paragraph>If you no longer need it, do nothing: everything will be deleted on that day.</Paragraph>
    </EmailLayout>
  );
}
