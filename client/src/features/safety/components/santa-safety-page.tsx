import { Link } from 'react-router';
import { SiteFooter } from '@/components/site-footer';
import { paths } from '@/lib/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

/**
 * The fixed rules of server/src/modules/santa-script/render-prompt.ts (SAFETY_RULES) in a
 * parent's words: the admin's script cannot remove them, so this page can promise them.
 */
const RULES: { title: string; text: string }[] = [
  {
    title: 'No promises beyond your gifts',
    text: 'Santa can hint at the gifts you told us you are giving, without spoiling the surprise. For any other wish (a puppy, a pony, a trip) he says it is a lovely wish and he will see what the elves can do, and never promises it.',
  },
  {
    title: 'No personal questions',
    text: 'Santa never asks for an address, a school, a surname, a photo, a password or any other personal detail. If your child offers one, he does not repeat it and gently changes the subject.',
  },
  {
    title: 'Child-safe topics only',
    text: "If the conversation drifts to something that is not right for a young child, Santa steers back to Christmas, the reindeer or your child's favourite things.",
  },
  {
    title: 'Only kind words',
    text: 'Santa never uses a bad word or an insult, even when a child tries to get him to say one. He says Santa only uses kind words.',
  },
  {
    title: 'Things you asked him not to mention',
    text: 'On the profile form you can list things Santa should not mention, such as the dog, Elf on the Shelf or a grandparent who has passed away. He steers away from them, even if your child brings them up.',
  },
  {
    title: 'A warm goodbye on time',
    text: 'Santa keeps an eye on the clock and says a warm goodbye before the call’s minutes run out.',
  },
];

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="font-display text-2xl font-bold text-santa-800">{title}</h2>
      {children}
    </section>
  );
}

export function SantaSafetyPage() {
  useDocumentTitle('How Santa keeps calls safe');
  return (
    <div className="flex min-h-screen flex-col bg-snow">
      <main className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-10 px-4 py-10 sm:px-6">
        <header className="flex flex-col gap-3">
          <p>
            <Link
              to={paths.landing}
              className="inline-flex min-h-tap items-center font-semibold text-santa-700 underline underline-offset-4"
            >
              Santa Calls
            </Link>
          </p>
          <h1 className="font-display text-4xl font-bold text-ink">What Santa will and won’t talk about</h1>
          <p className="text-lg text-gray-700">
            Santa is an AI voice. Whatever script he is given, a few rules always come first. Nobody, not even
            our own staff, can switch them off.
          </p>
        </header>

        <Section title="Santa’s rules">
          <ul className="flex flex-col gap-4">
            {RULES.map((rule) => (
              <li key={rule.title} className="rounded-2xl border border-santa-100 bg-white p-5 shadow-sm">
                <h3 className="font-semibold text-ink">{rule.title}</h3>
                <p className="mt-1 text-gray-700">{rule.text}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section title="“Are you real?”">
          <p className="text-gray-700">
            When a child asks, Santa keeps the magic: he talks about the North Pole, the reindeer and the
            spirit of Christmas, and never says he is a computer. When a grown-up asks whether he is a real
            person, he does not pretend to be one: he says he is a Christmas voice helper playing Santa.
          </p>
        </Section>

        <Section title="When a child says something worrying">
          <p className="text-gray-700">
            If your child says they are hurt, scared, sad at home or unsafe, Santa kindly tells them to talk
            to a grown-up they trust right away. He is not a counsellor and does not try to be one.
          </p>
          <p className="text-gray-700">
            After every call, the transcript is read for safety: by a set of rules on our own server and, when
            it is switched on, by OpenAI’s moderation check. It looks for worrying things a child said (being
            hurt, unsafe or very sad), personal details such as an address, a school or a phone number,
            grown-up topics, and any time Santa broke one of his rules.
          </p>
          <p className="text-gray-700">
            If something is found, the call in your call history shows a calm note: “Santa noticed something
            you may want to know about”, with the reason in plain words and the lines of the transcript it is
            about. Only you see the words. We keep which lines and why, never a copy of what was said; our
            admin sees only how many calls were noted, for which reasons.
          </p>
          <p className="text-gray-700">
            An address, a school or a phone number your child says stays in your transcript and that note
            only: it is left out of the call’s recap, of what Santa remembers for the next call, and of
            anything you share or print from the call.
          </p>
          <p className="text-gray-700">
            If you are ever worried that a child is in danger, call your local emergency number.
          </p>
        </Section>
      </main>
      <SiteFooter />
    </div>
  );
}
