import { Heading } from '@react-email/components';
import { Action, EmailLayout, headingStyle, Paragraph } from './layout.tsx';

/** A call's recording could not be saved, however often we asked for it: said plainly, once. */
export function RecordingLostEmail(props: { name: string; callsUrl: string; publicUrl: string }) {
  return (
    <EmailLayout
      preview="We could not save the recording of one call with Santa."
      publicUrl={props.publicUrl}
    >
      <Heading style={headingStyle}>A recording could not be saved</Heading>
      <Paragraph>{props.name.trim() ? `Hello ${props.name.trim()},` : 'Hello,'}</Paragraph>
      <Paragraph>
        We tried for several hours, but we could not save the recording of one of your calls with Santa. Its
        transcript and Santa&apos;s notes are still on your Calls page, and this recording will never be
        charged for.
      </Paragraph>
      <Paragraph>We are sorry. Every other call and recording is safe.</Paragraph>
      <Action href={props.callsUrl}>See your calls</Action>
    </EmailLayout>
  );
}
