import { Heading } from '@react-email/components';
import { Action, EmailLayout, headingStyle, Paragraph } from './layout.tsx';

/** A family invites a grandparent (or anyone dear) to listen to its calls with Santa. */
export function ListenerInviteEmail(props: {
  familyName: string;
  inviteeName: string;
  acceptUrl: string;
  validDays: number;
  publicUrl: string;
}) {
  return (
    <EmailLayout
      preview={`${props.familyName} invited you to listen to their children's calls with Santa.`}
      publicUrl={props.publicUrl}
      reason={`${props.familyName} invited you; we keep your address for nothing else`}
    >
      <Heading style={headingStyle}>Listen to the calls with Santa</Heading>
      <Paragraph>Hello {props.inviteeName},</Paragraph>
      <Paragraph>
        {props.familyName} invited you to listen to their children's phone calls with Santa: what each child
        told him, and the recordings the family keeps.
      </Paragraph>
      <Paragraph>
        Open the link, sign in or create an account, and press Accept. The link works for {props.validDays}{' '}
        days and only once, so keep this email to yourself.
      </Paragraph>
      <Action href={props.acceptUrl}>Accept the invitation</Action>
    </EmailLayout>
  );
}
