import type { ComponentType } from 'react';
import { SANTA_PERSONALITIES, type SantaPersonality } from '@santa/shared/constants';
import { SmileIcon, SparklesIcon } from '@/components/ui/icons';
import { SantaHatIcon } from '@/components/logo';
import { SantaVoiceSample } from '@/components/santa-voice-sample';

const STYLES: Record<
  SantaPersonality,
  {
    title: string;
    Icon: ComponentType<{ className?: string }>;
    description: string;
    greeting: (name: string) => string;
  }
> = {
  traditional: {
    title: 'Traditional',
    Icon: SantaHatIcon,
    description:
      'Classic and jolly: a warm "Ho ho ho!", stories of the reindeer, the elves\' workshop and snowy nights at the North Pole.',
    greeting: (name) =>
      `Ho ho ho! Merry Christmas, ${name}! Rudolph and I were just talking about you here at the North Pole.`,
  },
  modern: {
    title: 'Modern',
    Icon: SmileIcon,
    description:
      "Upbeat and up to date: chats about today's favourite toys, games, school and hobbies in a relaxed, playful voice.",
    greeting: (name) =>
      `Hey there, ${name}! Santa here. The elves tell me you've had a busy year. What's been the best part?`,
  },
  mixed: {
    title: 'Mixed',
    Icon: SparklesIcon,
    description:
      'The best of both: timeless North Pole magic with a friendly modern touch, so it feels classic yet familiar.',
    greeting: (name) =>
      `Ho ho ho, hello ${name}! It's Santa. The reindeer are getting ready, and I'd love to hear all your news.`,
  },
};

interface PersonalityPickerProps {
  value: SantaPersonality;
  onChange: (value: SantaPersonality) => void;
  /** The child's name, so each style shows how that Santa would greet them. */
  kidName: string;
}

export function PersonalityPicker({ value, onChange, kidName }: PersonalityPickerProps) {
  const name = kidName.trim() || 'your child';
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">Santa's personality</legend>
      <div className="mt-2 grid gap-3 md:grid-cols-3">
        {SANTA_PERSONALITIES.map((personality) => {
          const style = STYLES[personality];
          const descriptionId = `personality-${personality}-description`;
          return (
            <div key={personality} className="flex flex-col gap-2">
              <label className="flex min-h-11 cursor-pointer flex-col gap-2 rounded-2xl border-2 border-gray-200 bg-white p-4 transition-colors hover:border-santa-600 has-[:checked]:border-santa-600 has-[:checked]:bg-santa-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400">
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="santa_personality"
                    value={personality}
                    checked={value === personality}
                    onChange={() => onChange(personality)}
                    aria-describedby={descriptionId}
                    className="h-5 w-5 accent-santa-600 focus-visible:outline-none"
                  />
                  <style.Icon className="h-5 w-5 text-santa-600" />
                  <span className="font-semibold text-ink">{style.title}</span>
                </span>
                <span id={descriptionId} className="flex flex-col gap-2">
                  <q className="rounded-xl bg-snow px-3 py-2 font-display text-ink italic">
                    {style.greeting(name)}
                  </q>
                  <span className="text-sm text-gray-700">{style.description}</span>
                </span>
              </label>
              <SantaVoiceSample personality={personality} />
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
