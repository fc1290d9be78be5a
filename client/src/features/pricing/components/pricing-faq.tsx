import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FREE_SHORT_CALLS_PER_DAY, FREE_START_SECONDS, RECORDING_PRICE_CENTS } from '@santa/shared/constants';
import { CHILDREN_LIMIT } from '@santa/shared/children';
import { formatPrice, OFFERED_PLANS, PLANS } from '@santa/shared/plans';
import { paths } from '@/lib/paths';

const passes = OFFERED_PLANS.filter((plan) => plan.billing === 'subscription');

/** "a, b and c" */
function joinWords(words: (string | number)[], conjunction: string): string {
  const all = words.map(String);
  return all.length < 2 ? all.join('') : `${all.slice(0, -1).join(', ')} ${conjunction} ${all.at(-1)}`;
}

const QUESTIONS: { question: string; answer: ReactNode }[] = [
  {
    question: 'How does the call with Santa work?',
    answer:
      "After you choose a plan, set up your child's profile with their name, age, wish list and anything Santa should know. Your dashboard then shows Santa's phone number. Your child calls that number from your phone, and Santa greets them by name and chats about everything you told him.",
  },
  {
    question: 'What is the difference between the plans?',
    answer: `The ${PLANS.free_sample.name} is a single ${PLANS.free_sample.minutes}-minute call and ${PLANS.pay_per_call.name} (${formatPrice(PLANS.pay_per_call.priceCents)}) is one call of up to ${PLANS.pay_per_call.minutes} minutes; both use the common Santa hotline, and with ${PLANS.pay_per_call.name} your child's information is deleted after the call. The ${joinWords(
      passes.map((plan) => plan.name),
      'and',
    )} come with a dedicated Santa phone number your child can call anytime, a permanent kid profile, recordings and transcripts, and ${joinWords(
      passes.map((plan) => plan.minutes),
      'or',
    )} minutes of calls.`,
  },
  {
    question: 'Can I cancel a pass?',
    answer:
      'Yes, anytime, from "Manage billing" on your dashboard. A cancelled pass does not renew: it keeps working, with its number and minutes, until the end of the months you paid for. The free sample and Pay Per Call never renew.',
  },
  {
    question: "Can I customise Santa's personality?",
    answer:
      "Yes. Choose a traditional Santa (jolly, classic North Pole magic), a modern Santa (upbeat and up to date with today's toys and games) or a mix of both, and add notes about gifts, accomplishments, behaviour and siblings so every call feels personal. You can edit the profile whenever you like.",
  },
  {
    question: 'Can I listen to the calls again?',
    answer: `Every call appears in your dashboard with a summary and the full transcript. With a pass, every recording is included: play it or download it to keep, at no charge. With the free sample or Pay Per Call, you can unlock the audio recording of a call for ${formatPrice(RECORDING_PRICE_CENTS)}.`,
  },
  {
    question: 'What if the call drops?',
    answer: `A call that ends in its first ${FREE_START_SECONDS} seconds costs nothing (up to ${FREE_SHORT_CALLS_PER_DAY} such calls a day): it uses none of your minutes, and with ${PLANS.pay_per_call.name} your one call is still there for your child to make. Your dashboard marks it "Not charged". After that you pay only for the seconds your child talks to Santa.`,
  },
  {
    question: 'Can Santa call my child?',
    answer:
      'Yes. On "Santa calls your child" pick a day, a free quarter-hour between 8 am and 8:30 pm on the clock of the phone he rings (until 9 pm on Christmas Eve), the children and a verified family phone, and Santa rings at that time. You can move or cancel it. If nobody answers, or a voicemail does, he leaves a short message, tries once more half an hour later, and then texts you a link to pick a new time in one tap. A call nobody answered costs nothing.',
  },
  {
    question: 'Can Santa talk to more than one child?',
    answer: `Yes. Tell Santa about up to ${CHILDREN_LIMIT} children, each with their own wishes, news and Santa style, on the "Your children" page. When your phone calls, Santa greets the child who usually calls, or asks who is speaking; brothers and sisters can call together and he talks to each in turn. Every call in your history says which child spoke, and you can see one child's calls at a time.`,
  },
  {
    question: 'Does Santa remember what my child told him?',
    answer:
      'Yes. After each call Santa keeps a few of your child\'s wishes, news and promises, and brings them up next time ("Last time you told me Biscuit learned to sit!"), even next Christmas. Your dashboard shows "What Santa remembers": correct anything, make him forget a point, or clear it all. What Santa remembers goes with the call it came from when that call is deleted.',
  },
  {
    question: 'Can grandparents listen to the calls?',
    answer:
      'Yes. On your dashboard, invite them by email under "Grandparents and family". Once they accept with a free account, they can read what each child told Santa and play the recordings you keep, and nothing else of your account. You can remove them at any time.',
  },
  {
    question: 'Can I give Santa Calls as a gift?',
    answer: (
      <>
        Yes.{' '}
        <Link to={paths.gift} className="font-semibold text-santa-700 underline underline-offset-4">
          Give Santa as a gift
        </Link>
        : choose {PLANS.pay_per_call.name} or a pass, enter their email and a message, and pick the day it
        arrives. You pay once, even for a pass, and it never renews. On that day they get an email with a link
        to redeem it once; their plan starts when they do.
      </>
    ),
  },
];

export function PricingFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto mt-20 max-w-3xl">
      <h2 id="faq-heading" className="text-center font-display text-3xl font-bold text-santa-700">
        Frequently Asked Questions
      </h2>
      <dl className="mt-8 flex flex-col gap-4">
        {QUESTIONS.map(({ question, answer }) => (
          <div key={question} className="rounded-2xl border border-santa-100 bg-white p-5 shadow-sm">
            <dt className="font-semibold text-ink">{question}</dt>
            <dd className="mt-2 text-gray-700">{answer}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
