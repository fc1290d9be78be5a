import { asQuote, recapHeadline, type CallRecap } from '@santa/shared/recap';

interface CallHeadlineProps {
  recap: CallRecap | null;
  summary: string;
  /** The dashboard's featured call reads larger than a call in a list. */
  size?: 'large' | 'normal';
}

/**
 * A call told in the child's own words first (their fullest wish, else their news), then the
 * summary when it says more than the quote; a call with nothing to quote shows its summary.
 */
export function CallHeadline({ recap, summary, size = 'normal' }: CallHeadlineProps) {
  const headline = recapHeadline(recap);
  const quote = headline && asQuote(headline.text);
  const summaryAddsMore = summary !== '' && (!quote || !summary.includes(quote));
  return (
    <>
      {quote ? (
        <blockquote
          className={`mt-3 border-l-4 border-santa-600 pl-3 font-semibold text-ink ${
            size === 'large' ? 'text-xl' : 'text-lg'
          }`}
        >
          “{quote}”
        </blockquote>
      ) : null}
      {summaryAddsMore ? (
        <p className={`mt-3 ${size === 'large' && !quote ? 'text-lg text-gray-900' : 'text-gray-800'}`}>
          {summary}
        </p>
      ) : null}
    </>
  );
}
