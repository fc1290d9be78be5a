import type { ReactNode } from 'react';
import {
  Body,
  Button,
  Container,
  Head,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';

/** Santa red and pine green from the app; system fonts, since mail clients ignore web fonts. */
const colors = {
  red: '#b91c1c',
  darkRed: '#7f1d1d',
  green: '#166534',
  ink: '#1f2937',
  muted: '#6b7280',
  snow: '#fdf8f3',
};

const styles = {
  body: {
    backgroundColor: colors.snow,
    margin: 0,
    padding: '24px 0',
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  },
  container: {
    maxWidth: '560px',
    margin: '0 auto',
    backgroundColor: '#ffffff',
    borderRadius: '16px',
    overflow: 'hidden',
    border: '1px solid #f1e4d8',
  },
  header: { backgroundColor: colors.red, padding: '20px 28px' },
  brand: { color: '#ffffff', fontSize: '22px', fontWeight: 700, margin: 0 },
  tagline: { color: '#fde7e7', fontSize: '14px', margin: '4px 0 0' },
  content: { padding: '8px 28px 24px' },
  footer: { padding: '0 28px 24px' },
  small: { color: colors.muted, fontSize: '13px', lineHeight: '20px', margin: '8px 0' },
};

export const textStyle = { color: colors.ink, fontSize: '16px', lineHeight: '26px', margin: '16px 0' };
export const headingStyle = {
  color: colors.darkRed,
  fontSize: '24px',
  lineHeight: '32px',
  fontWeight: 700,
  margin: '24px 0 8px',
};
const buttonStyle = {
  backgroundColor: colors.green,
  color: '#ffffff',
  borderRadius: '999px',
  padding: '14px 28px',
  fontSize: '16px',
  fontWeight: 700,
  textDecoration: 'none',
  display: 'inline-block',
};

/** The one call to action of an email: a button, with the address spelled out beneath for clients that strip buttons. */
export function Action({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Section style={{ margin: '24px 0' }}>
      <Button href={href} style={buttonStyle}>
        {children}
      </Button>
      <Text style={styles.small}>
        Or paste this link into your browser:{' '}
        <Link href={href} style={{ color: colors.red, wordBreak: 'break-all' }}>
          {href}
        </Link>
      </Text>
    </Section>
  );
}

export function Paragraph({ children }: { children: ReactNode }) {
  return <Text style={textStyle}>{children}</Text>;
}

/** Every email's frame: the red Santa Calls band, the message, and why the parent received it. */
export function EmailLayout(props: {
  preview: string;
  publicUrl: string;
  footer?: ReactNode;
  /** Why this person got it, when not as an account holder (a gift's recipient or buyer). */
  reason?: string;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header}>
            <Text style={styles.brand}>Santa Calls</Text>
            <Text style={styles.tagline}>A phone call from the North Pole</Text>
          </Section>
          <Section style={styles.content}>{props.children}</Section>
          <Section style={styles.footer}>
            <Hr style={{ borderColor: '#f1e4d8', margin: '0 0 8px' }} />
            {props.footer}
            <Text style={styles.small}>
              Sent by{' '}
              <Link href={props.publicUrl} style={{ color: colors.red }}>
                Santa Calls
              </Link>
              {`. You receive this because ${props.reason ?? 'you have an account with us'}.`}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
