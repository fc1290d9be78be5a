import type { ComponentType } from 'react';
import { GiftIcon, MicIcon, PhoneIcon, SmileIcon, type IconProps } from '@/components/icons';

const features: { title: string; text: string; Icon: ComponentType<IconProps> }[] = [
  {
    title: 'Personalized',
    text: "Santa talks about your child's wishes, siblings and achievements by name.",
    Icon: GiftIcon,
  },
  {
    title: 'Real Calls',
    text: 'A real phone call on a real phone: no app, no screen, just Santa on the line.',
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
    <section aria-labelledby="special-title" className="bg-pine-50 py-16">
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id="special-title"
          className="text-center font-display text-3xl font-bold text-pine-700 sm:text-4xl"
        >
          What Makes It Special
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {features.map(({ title, text, Icon }) => (
            <li key={title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-pine-600/10">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-pine-600 text-white">
                <Icon />
              </span>
              <h3 className="mt-4 text-lg font-bold text-ink">{title}</h3>
              <p className="mt-2 text-gray-700">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
