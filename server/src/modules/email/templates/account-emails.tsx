import { Heading } from '@react-email/components';
import { Action, EmailLayout, headingStyle, Paragraph } from './layout.tsx';

const hello = (name: string) => (name.trim() ? `Hello ${name.trim()},` : 'Hello,');

export function WelcomeEmail(props: { name: string; verifyUrl: string; publicUrl: string }) {
  return (
    <EmailLayout
      preview="Your Santa Calls account is ready. Please confirm your email."
      publicUrl={props.publicUrl}
    >
      <Heading style={headingStyle}>Welcome to Santa Calls!</Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>
        The elves have your account ready. Tell Santa about your child, and he will know their name, their
        wishes and the good things they did this year when they call.
      </Paragraph>
      <Paragraph>
        First, please confirm that this is your email address, so we can reach you about your calls:
      </Paragraph>
      <Action href={props.verifyUrl}>Confirm my email</Action>
      <Paragraph>If you did not sign up for Santa Calls, you can ignore this email.</Paragraph>
    </EmailLayout>
  );
}

export function VerifyEmail(props: {
  name: string;
  email: string;
  verifyUrl: string;
  change: boolean;
  publicUrl: string;
}) {
  return (
    <EmailLayout preview={`Confirm ${props.email} for Santa Calls`} publicUrl={props.publicUrl}>
      <Heading style={headingStyle}>
        {props.change ? 'Confirm your new email address' : 'Confirm your email address'}
      </Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>
        {props.change
          ? `You asked to use ${props.email} for your Santa Calls account. Your old address keeps working until you confirm this one.`
          : `Please confirm that ${props.email} is your address, so we can reach you about your calls.`}
      </Paragraph>
      <Action href={props.verifyUrl}>Confirm {props.email}</Action>
      <Paragraph>If you did not ask for this, ignore this email and nothing changes.</Paragraph>
    </EmailLayout>
  );
}

export function PasswordResetEmail(props: {
  name: string;
  resetUrl: string;
  validMinutes: number;
  publicUrl: string;
}) {
  return (
    <EmailLayout preview="Choose a new password for Santa Calls" publicUrl={props.publicUrl}>
      <Heading style={headingStyle}>Reset your password</Heading>
      <Paragraph>{hello(props.name)}</Paragraph>
      <Paragraph>
        Someone (we hope you!) asked to reset the password of your Santa Calls account. This link works once,
        for {props.validMinutes} minutes:
      </Paragraph>
      <Action href={props.resetUrl}>Choose a new password</Action>
      <Paragraph>
        Setting a new password signs your account out everywhere else. If you did not ask for this, ignore
        this email: your password stays as it is.
      </Paragraph>
    </EmailLayout>
  );
}
