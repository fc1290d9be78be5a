import { Heading, Section, Text } from '@react-email/components';
import { RECAP_HEADINGS, RECAP_KINDS, isEmptyRecap, type CallRecap } from '@santa/shared/recap';

const listHeading = {
  color: '#166534',
  fontSize: '14px',
  fontWeight: 700,
  letterSpacing: '0.04em',
  textTransform: 'uppercase' as const,
  margin: '16px 0 4px',
};
const quote = { color: '#1f2937', fontSize: '16px', lineHeight: '24px', margin: '4px 0' };

/** "What Olivia told Santa": the child's own words by kind, each quoted as said. */
export function RecapSection({ who, recap }: { who: string; recap: CallRecap | null }) {
  if (!recap || isEmptyRecap(recap)) return null;
  return (
    <Section style={{ backgroundColor: '#fdf8f3', borderRadius: '12px', padding: '4px 20px 16px' }}>
      <Heading as="h2" style={{ color: '#7f1d1d', fontSize: '20px', margin: '16px 0 4px' }}>
        {`What ${who} told Santa`}
      </Heading>
      {RECAP_KINDS.filter((kind) => recap[kind].length > 0).map((kind) => (
        <Section key={kind}>
          <Text style={listHeading}>{RECAP_HEADINGS[kind]}</Text>
          {recap[kind].map((line) => (
            <Text key={line} style={quote}>
              “{line}”
            </Text>
          ))}
        </Section>
      ))}
    </Section>
  );
}
