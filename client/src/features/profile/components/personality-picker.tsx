import type { ComponentType } from 'react';
import { SANTA_PERSONALITIES, type SantaPersonality } from '@santa/shared/constants';
import { SmileIcon, SparklesIcon } from '@/components/icons';
import { SantaHatIcon } from '@/components/logo';

const STYLES: Record<
  SantaPersonality,
  { title: string; Icon: ComponentType<{ className?: string }>; description: string }
> = {
  traditional: {
    title: 'Traditional',
    Icon: SantaHatIcon,
    description:
      'Classic and jolly: a warm "Ho ho ho!", stories of the reindeer, the elves\' workshop and snowy nights at the North Pole.',
  },
  modern: {
    title: 'Modern',
    Icon: SmileIcon,
    description:
      "Upbeat and up to date: chats about today's favourite toys, games, school and hobbies in a relaxed, playful voice.",
  },
  mixed: {
    title: 'Mixed',
    Icon: SparklesIcon,
    description:
      'The best of both: timeless North Pole magic with a friendly modern touch, so it feels classic yet familiar.',
  },
};

interface PersonalityPickerProps {
  value: SantaPersonality;
  onChange: (value: SantaPersonality) => void;
}

export function PersonalityPicker({ value, onChange }: PersonalityPickerProps) {
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-ink">Santa's personality</legend>
      <div className="mt-2 grid gap-3 sm:grid-cols-3">
        {SANTA_PERSONALITIES.map((personality) => {
          const style = STYLES[personality];
          const descriptionId = `personality-${personality}-description`;
          return (
            <label
              key={personality}
              className="flex cursor-pointer flex-col gap-1 rounded-2xl border-2 border-gray-200 bg-white p-4 transition-colors hover:border-santa-600 has-[:checked]:border-santa-600 has-[:checked]:bg-santa-50 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400"
            >
              <span className="flex items-center gap-2">
                <input
                  type="radio"
                  name="santa_personality"
                  value={personality}
                  checked={value === personality}
                  onChange={() => onChange(personality)}
                  aria-describedby={descriptionId}
                  className="h-4 w-4 accent-santa-600 focus-visible:outline-none"
                />
                <style.Icon className="h-5 w-5 text-santa-600" />
                <span className="font-semibold text-ink">{style.title}</span>
              </span>
              <span id={descriptionId} className="text-sm text-gray-700">
                {style.description}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
