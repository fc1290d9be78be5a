import type { ReactNode } from 'react';
import type { SantaPersonality } from '@santa/shared/constants';
import { KID_AGE_MAX, KID_AGE_MIN, KID_PROFILE_LIMITS, type KidProfileTextField } from '@santa/shared/santa';
import { TextAreaField } from '@/components/text-area-field';
import { TextField } from '@/components/text-field';
import type { ProfileErrors, ProfileField, TEXT_FIELDS } from '../profile-values';
import { NamePronunciationField } from './name-pronunciation-field';
import { PersonalityPicker } from './personality-picker';

interface ChildFieldsProps {
  /** "Kid name" on the first child's profile (the spec's words), "Child’s name" for the others. */
  nameLabel: string;
  values: {
    kid_name: string;
    age: string;
    name_pronunciation: string;
    santa_personality: SantaPersonality;
  } & Partial<Record<KidProfileTextField, string>>;
  errors: ProfileErrors;
  refFor: (field: ProfileField) => (element: HTMLElement | null) => void;
  set: (field: ProfileField) => (value: string) => void;
  onPersonality: (personality: SantaPersonality) => void;
  textFields: typeof TEXT_FIELDS;
  /** Above the name, full width in the same grid: the family's phone on the first child's form. */
  leading?: ReactNode;
}

/** What Santa knows of any child: name, age, how the name is said, his style, and the notes. */
export function ChildFields({
  nameLabel,
  values,
  errors,
  refFor,
  set,
  onPersonality,
  textFields,
  leading,
}: ChildFieldsProps) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        {leading ? <div className="sm:col-span-2">{leading}</div> : null}
        <TextField
          ref={refFor('kid_name')}
          label={nameLabel}
          name="kid_name"
          required
          placeholder="e.g. Emma"
          maxLength={KID_PROFILE_LIMITS.kid_name}
          value={values.kid_name}
          error={errors.kid_name}
          onChange={(event) => set('kid_name')(event.target.value)}
        />
        <TextField
          ref={refFor('age')}
          label="Age"
          type="number"
          name="age"
          inputMode="numeric"
          min={KID_AGE_MIN}
          max={KID_AGE_MAX}
          placeholder="e.g. 7"
          value={values.age}
          error={errors.age}
          onChange={(event) => set('age')(event.target.value)}
        />
        <NamePronunciationField
          kidName={values.kid_name}
          value={values.name_pronunciation}
          onChange={set('name_pronunciation')}
          className="sm:col-span-2"
        />
      </div>

      <PersonalityPicker
        value={values.santa_personality}
        kidName={values.kid_name}
        onChange={onPersonality}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        {textFields.map((field) => (
          <TextAreaField
            key={field.name}
            ref={refFor(field.name)}
            label={field.label}
            name={field.name}
            placeholder={field.placeholder}
            hint={field.hint}
            limit={KID_PROFILE_LIMITS[field.name]}
            value={values[field.name] ?? ''}
            error={errors[field.name]}
            onValueChange={set(field.name)}
          />
        ))}
      </div>
    </>
  );
}
