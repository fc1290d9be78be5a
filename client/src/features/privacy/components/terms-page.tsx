import { Link } from 'react-router';
import { PRIVACY_NOTICE_VERSION } from '@santa/shared/privacy';
import { paths } from '@/lib/paths';
import { LegalPage, LegalSection, linkClass } from './legal-page';

/** The terms of use, in a parent's words. */
export function TermsPage() {
  return (
    <LegalPage
      title="Terms of use"
      intro={<p>The short version of our agreement with you. Version {PRIVACY_NOTICE_VERSION}.</p>}
    >
      <LegalSection title="Who can use Santa Calls">
        <p>
          Accounts are for parents and guardians aged 18 or over. You set up the call and stay responsible for
          your child&apos;s use of it. Please only add a child you are the parent or guardian of.
        </p>
      </LegalSection>
      <LegalSection title="Santa is an AI voice">
        <p>
          Santa is a computer voice following fixed safety rules. He can make mistakes. He never promises
          gifts beyond the ones you list, and never asks for personal details. Read{' '}
          <Link to={paths.santaSafety} className={linkClass}>
            what Santa will and won&rsquo;t talk about
          </Link>
          .
        </p>
      </LegalSection>
      <LegalSection title="Plans and payments">
        <p>
          Prices are shown on the pricing page before you pay. Passes renew until you cancel them from your
          dashboard; one-off plans do not renew. Payments are handled by Stripe.
        </p>
      </LegalSection>
      <LegalSection title="Recordings and your data">
        <p>
          Calls are recorded so you can replay them. What we keep, who receives it and for how long is in our{' '}
          <Link to={paths.privacy} className={linkClass}>
            privacy notice
          </Link>
          . You can download or delete your family&apos;s data at any time.
        </p>
      </LegalSection>
      <LegalSection title="Fair use">
        <p>
          Please do not use Santa Calls to call anyone but your own family, to try to make Santa say harmful
          things, or to overload the service. We may close an account that does.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
