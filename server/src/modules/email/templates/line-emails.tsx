import { Heading } from '@react-email/components';
import { Action, EmailLayout, headingStyle, Paragraph } from './layout.tsx';

/** Someone typed the family code wrong five times: the parent hears it, and what to do. */
export function FamilyCodeLockedEmail(props: {
  name: string;
  lockedUntil: string;
  settingsUrl: string;
  publicUrl: string;
}) {
  return (
    <EmailLayout
      preview="Someone kept typing a wrong family code on Santa's line."
      publicUrl={props.publicUrl}
    >
      <Heading style={headingStyle}>Your family code is paused</Heading>
      <Paragraph>{props.name.trim() ? `Hello ${props.name.trim()},` : 'Hello,'}</Paragraph>
      <Paragraph>
        Someone calling Santa typed a wrong family code five times in a row, so the code stops working until{' '}
        {props.lockedUntil}. Your own verified phones still reach Santa as usual.
      </Paragraph>
      <Paragraph>
        If that was your child guessing, no harm done. If not, choose a new code: it takes effect at once.
      </Paragraph>
      <Action href={props.settingsUrl}>Choose a new code</Action>
    </EmailLayout>
  );
}
