import type { ComponentType } from 'react';
import { GiftIcon, MicIcon, PhoneIcon, SmileIcon, type IconProps } from '@/components/ui/icons';

const features: { title: string; text: string; Icon: ComponentType<IconProps> }[] = [
  {
    title: 'Personalized',
    text: "Santa knows every child in the family by name, talks about each one's wishes and achievements, and remembers what they told him last time.",
    Icon: GiftIcon,
  },
  {
    title: 'Real Calls',
    text: 'A real phone call on a real phone: your child calls Santa, or Santa rings at the time you pick. No app, no screen, just Santa on the line.',
    Icon: PhoneIcon,
  },
  {
    title: 'Choose Personality',
    text: 'Traditional, modern or a little of both: pick the Santa that suits your family.',
    Icon: SmileIcon,
  },
  {
    title: 'Recordings',
    text: 'Keep the moment with a transcript of every call and an optional audio recording.',
    Icon: MicIcon,
  },
];

export function SpecialFeatures() {
  return (
    <section aria-labelledby="special-title" className="bg-snow py-section">
      <div className="mx-auto max-w-6xl px-gutter sm:px-6">
        <h2 id="special-title" className="text-center font-display text-title font-semibold text-night-900">
          What Makes It Special
        </h2>
        <ul className="mt-stack grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-card bg-white p-6 shadow-sm ring-1 ring-night-900/10">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-pine-700 text-white">
                <Icon />
              </span>
              <h3 className="mt-4 font-display text-heading font-semibold text-night-900">{title}</h3>
              <p className="mt-2 text-gray-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
