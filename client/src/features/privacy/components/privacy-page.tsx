import { Link } from 'react-router';
import { PRIVACY_NOTICE_VERSION } from '@santa/shared/privacy';
import { paths } from '@/lib/paths';
import { LegalPage, LegalSection, linkClass } from './legal-page';
import { RetentionTable } from './retention-table';

/** Who receives what, and why: every outside service a call or an account touches. */
const SERVICES: { name: string; role: string; receives: string }[] = [
  {
    name: 'Twilio',
    role: 'Telephony',
    receives:
      'The phone number your child calls from, the Santa number called, and the call audio while it is live.',
  },
  {
    name: 'ElevenLabs',
    role: "Santa's voice",
    receives:
      "Santa's instructions for this call (your child's first name, age, wishes and the notes you wrote), the call's audio and transcript. We delete their copy as soon as we have stored the call.",
  },
  {
    name: 'OpenAI',
    role: 'Call summaries and safety read',
    receives:
      'The transcript of a finished call, to write the short summary you see and to check the call for anything worrying. Under OpenAI’s API terms it is not used to train their models.',
  },
  {
    name: 'Stripe',
    role: 'Payments',
    receives: 'Your email address and card details. Stripe never receives anything about your child.',
  },
  {
    name: 'Our email provider',
    role: 'Email',
    receives: 'Your email address and the emails we send you (receipts, call recaps, your download link).',
  },
  {
    name: 'Our storage provider',
    role: 'Storage',
    receives: 'Call recordings and your download archive, kept private: only you can open them.',
  },
];

/** The privacy notice, written for parents; its version is what they agree to. */
export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy notice"
      intro={
        <p>
          Santa Calls lets your child talk with Santa on the phone. To do that we hold a little about your
          child, and we take that seriously. This page says what we collect, why, who else sees it and for how
          long. Version {PRIVACY_NOTICE_VERSION}.
        </p>
      }
    >
      <LegalSection title="What we collect">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>About you:</strong> your name, email address, password (stored only as a secure hash) or
            Google sign-in, your phone number, and your plan and payments.
          </li>
          <li>
            <strong>About your child:</strong> what you type on the profile form: first name, age, wish list,
            gifts you are giving, accomplishments, behaviour notes, siblings, other notes and things Santa
            should not mention.
          </li>
          <li>
            <strong>From each call:</strong> the recording of your child&apos;s voice, the transcript, a short
            summary, the phone number that called, how long it lasted, and the result of the safety read.
          </li>
          <li>
            <strong>When you give a gift:</strong> your name and email, and the recipient&apos;s name, email
            and your message, to email them the gift on its day. Deleting your account keeps a gift already
            paid for them; deleting the recipient&apos;s account removes their address and your message.
          </li>
          <li>
            <strong>When you invite family to listen:</strong> their name and email, to email them the
            invitation. Once they accept, they see your calls&apos; summaries, what your child told Santa and
            the recordings you keep, and nothing else. Removing them, or deleting either account, ends it.
          </li>
        </ul>
      </LegalSection>

      <LegalSection title="Why">
        <p>
          Only to run the call your child makes: so Santa knows your child&apos;s name and wishes, so you can
          read and replay the call, to bill your plan, and to warn you if your child said something worrying.
          We never sell your data, never show ads, and never use your child&apos;s voice or words to train
          anything.
        </p>
        <p>
          Behaviour notes and the other profile notes are read only by Santa&apos;s voice for the call and by
          you. Our staff do not read transcripts; the admin sees counts, not words.
        </p>
      </LegalSection>

      <LegalSection title="Your consent">
        <p>
          We ask you, the parent, to agree to this notice when you create your child&apos;s profile, and again
          whenever it changes, before your child&apos;s next call. Until you agree, a call to Santa is
          answered with a kind message and nothing is recorded.
        </p>
      </LegalSection>

      <LegalSection title="Who else receives what">
        <ul className="flex flex-col gap-3">
          {SERVICES.map((service) => (
            <li key={service.name} className="rounded-2xl border border-santa-100 bg-white p-4 shadow-sm">
              <p className="font-semibold text-ink">
                {service.name} <span className="font-normal text-gray-600">· {service.role}</span>
              </p>
              <p className="mt-1">{service.receives}</p>
            </li>
          ))}
        </ul>
      </LegalSection>

      <LegalSection title="How long we keep it">
        <RetentionTable />
        <p>Everything else stays until you delete it, or until your account is deleted.</p>
      </LegalSection>

      <LegalSection title="Your choices">
        <p>
          On{' '}
          <Link to={paths.accountPrivacy} className={linkClass}>
            Account → Privacy
          </Link>{' '}
          you can download everything we hold about your family (one zip with the data and the recordings),
          delete one call, delete your child&apos;s profile, or delete your whole account. Deleting an account
          cancels its subscription, releases its Santa number and deletes the recordings, including the voice
          provider&apos;s copies. Stripe keeps the payment records the law requires, which hold nothing about
          your child.
        </p>
        <p>
          Santa&apos;s own rules are on{' '}
          <Link to={paths.santaSafety} className={linkClass}>
            What Santa will and won&rsquo;t talk about
          </Link>
          . Questions: write to us from the email address on your account.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
