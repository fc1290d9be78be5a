import type { ComponentType } from 'react';
import { PhoneIcon, SparklesIcon, UserIcon, type IconProps } from '@/components/ui/icons';

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
    <section aria-labelledby="how-title" className="bg-snow pt-10 pb-section">
      <div className="mx-auto max-w-6xl px-gutter sm:px-6">
        <h2 id="how-title" className="text-center font-display text-title font-semibold text-night-900">
          How It Works
        </h2>
        <ol className="mt-stack grid gap-6 md:grid-cols-3">
          {steps.map(({ title, text, Icon }, index) => (
            <li
              key={title}
              className="relative rounded-card bg-white p-6 text-center shadow-sm ring-1 ring-night-900/10"
            >
              <span className="absolute top-4 left-4 flex h-8 w-8 items-center justify-center rounded-full bg-night-900 font-display text-sm font-bold text-gold-300">
                {index + 1}
              </span>
              <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-santa-50 text-santa-700">
                <Icon className="h-8 w-8" />
              </span>
              <h3 className="mt-4 font-display text-heading font-semibold text-night-900">{title}</h3>
              <p className="mt-2 text-gray-700">{text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
