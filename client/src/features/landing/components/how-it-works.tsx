import type { ComponentType } from 'react';
import { PhoneIcon, SparklesIcon, UserIcon, type IconProps } from '@/components/icons';

const steps: { title: string; text: string; Icon: ComponentType<IconProps> }[] = [
  {
    title: 'Setup Profile',
    text: "Tell us your child's name, age, wish list and proud moments so Santa knows just what to say.",
    Icon: UserIcon,
  },
  {
    title: 'Get Phone Number',
    text: "We give you Santa's phone number, ready for your child to call from your own phone.",
    Icon: PhoneIcon,
  },
  {
    title: 'Magical Call',
    text: "Your child calls and Santa greets them by name for a conversation they'll never forget.",
    Icon: SparklesIcon,
  },
];

export function HowItWorks() {
  return (
    <section aria-labelledby="how-title" className="bg-snow py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2 id="how-title" className="text-center font-display text-3xl font-bold text-santa-700 sm:text-4xl">
          How It Works
        </h2>
        <ol className="mt-10 grid gap-6 md:grid-cols-3">
          {steps.map(({ title, text, Icon }, index) => (
            <li
              key={title}
              className="relative rounded-2xl border border-santa-100 bg-white p-6 text-center shadow-sm"
            >
              <span className="absolute left-4 top-4 flex h-8 w-8 items-center justify-center rounded-full bg-gold-400 text-sm font-bold text-ink">
                {index + 1}
              </span>
              <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-santa-50 text-santa-600">
                <Icon className="h-8 w-8" />
              </span>
              <h3 className="mt-4 text-xl font-bold text-ink">{title}</h3>
              <p className="mt-2 text-gray-700">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
