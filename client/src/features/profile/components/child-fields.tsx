import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import {
  AVOID_TOPICS_LABEL,
  AVOID_TOPICS_LIMITS,
  KID_AGE_MAX,
  KID_AGE_MIN,
  KID_PROFILE_LIMITS,
  type KidProfileTextField,
} from '@santa/shared/santa';
import { FormTextAreaField, FormTextField } from '@/components/form/text-fields';
import { asText, useFormField } from '@/components/form/use-form-field';
import { paths } from '@/lib/paths';
import { fieldInputClasses } from '@/components/ui/field-parts';
import { LANGUAGE_NAMES, SANTA_LANGUAGES } from '@santa/shared/languages';
import type { ChildValues, TEXT_FIELDS } from '../profile-values';
import { NamePronunciationField } from './name-pronunciation-field';
import { PersonalityPicker } from './personality-picker';

// Room for every item at its longest and a line break after each.
export const AVOID_TOPICS_MAX_LENGTH = AVOID_TOPICS_LIMITS.items * (AVOID_TOPICS_LIMITS.itemLength + 1);

/** A form holding at least a child's details: the first child's profile, another child, the first run. */
type ChildForm<TValues extends ChildValues, TOutput> = UseFormReturn<TValues, unknown, TOutput>;

/** The child's fields of any of those forms, by the names every one of them shares. */
function childForm<TValues extends ChildValues, TOutput>(form: ChildForm<TValues, TOutput>) {
  return form as unknown as ChildForm<ChildValues, TOutput>;
}

/** The child's name, as Santa greets them. */
export function KidNameField<TValues extends ChildValues, TOutput>({
  form,
  label,
  placeholder = 'e.g. Emma',
  hint,
  autoFocus,
}: {
  form: ChildForm<TValues, TOutput>;
  label: string;
  placeholder?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  return (
    <FormTextField
      form={childForm(form)}
      name="kid_name"
      label={label}
      required
      autoFocus={autoFocus}
      placeholder={placeholder}
      maxLength={KID_PROFILE_LIMITS.kid_name}
      hint={hint}
    />
  );
}

export function AgeField<TValues extends ChildValues, TOutput>({
  form,
  label = 'Age',
  className,
}: {
  form: ChildForm<TValues, TOutput>;
  label?: string;
  className?: string;
}) {
  return (
    <FormTextField
      form={childForm(form)}
      name="age"
      label={label}
      type="number"
      inputMode="numeric"
      min={KID_AGE_MIN}
      max={KID_AGE_MAX}
      placeholder="e.g. 7"
      className={className}
    />
  );
}

/** The free-text notes Santa weaves into the call, each with its limit. */
export function NoteFields<TValues extends ChildValues, TOutput>({
  form,
  fields,
}: {
  form: ChildForm<TValues, TOutput>;
  fields: typeof TEXT_FIELDS;
}) {
  // Any of the notes: a child's form is given the ones it holds (not the first child's siblings).
  const notes = form as unknown as UseFormReturn<Record<KidProfileTextField, string>, unknown, TOutput>;
  return fields.map((field) => (
    <FormTextAreaField
      key={field.name}
      form={notes}
      name={field.name}
      label={field.label}
      placeholder={field.placeholder}
      hint={field.hint}
      limit={KID_PROFILE_LIMITS[field.name]}
    />
  ));
}

/** Santa's style, each greeting the child by the name typed so far. */
export function PersonalityField<TValues extends ChildValues, TOutput>({
  form,
}: {
  form: ChildForm<TValues, TOutput>;
}) {
  const child = childForm(form);
  const [kidName, personality] = useWatch({
    control: child.control,
    name: ['kid_name', 'santa_personality'],
  });
  return (
    <PersonalityPicker
      value={personality}
      kidName={kidName}
      onChange={(value) => child.setValue('santa_personality', value)}
    />
  );
}

function PronunciationField<TValues extends ChildValues, TOutput>({
  form,
}: {
  form: ChildForm<TValues, TOutput>;
}) {
  const child = childForm(form);
  const { attach, value, onValueChange, error } = useFormField(child, 'name_pronunciation');
  const kidName = useWatch({ control: child.control, name: 'kid_name' });
  return (
    <NamePronunciationField
      inputRef={attach}
      kidName={kidName}
      value={asText(value)}
      error={error}
      onChange={onValueChange}
      className="sm:col-span-2"
    />
  );
}

/** The language Santa speaks with the child: his greeting, his words and his rules are in it. */
export function LanguageField<TValues extends ChildValues, TOutput>({
  form,
}: {
  form: ChildForm<TValues, TOutput>;
}) {
  const child = childForm(form);
  const { attach, name, value, onValueChange } = useFormField(child, 'language');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="child-language" className="text-sm font-semibold text-ink">
        Santa speaks
      </label>
      <select
        ref={attach}
        id="child-language"
        name={name}
        value={asText(value) || 'en'}
        onChange={(event) => onValueChange(event.target.value)}
        className={`min-h-11 w-full ${fieldInputClasses(false)} px-2`}
      >
        {SANTA_LANGUAGES.map((code) => (
          <option key={code} value={code}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** What Santa knows of any child: name, age, how the name is said, his style, and the notes. */
export function ChildFields<TValues extends ChildValues, TOutput>({
  form,
  nameLabel,
  textFields,
  leading,
}: {
  form: ChildForm<TValues, TOutput>;
  /** "Kid name" on the first child's profile (the spec's words), "Child’s name" for the others. */
  nameLabel: string;
  textFields: typeof TEXT_FIELDS;
  /** Above the name, full width in the same grid: the family's phone on the first child's form. */
  leading?: ReactNode;
}) {
  return (
    <>
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        {leading ? <div className="sm:col-span-2">{leading}</div> : null}
        <KidNameField form={form} label={nameLabel} />
        <AgeField form={form} />
        <LanguageField form={form} />
        <PronunciationField form={form} />
      </div>
      <PersonalityField form={form} />
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <NoteFields form={form} fields={textFields} />
      </div>
    </>
  );
}

/** Things Santa should not mention, one per line, with the link to Santa's own rules. */
export function AvoidTopicsField<TValues extends ChildValues, TOutput>({
  form,
}: {
  form: ChildForm<TValues, TOutput>;
}) {
  return (
    <div className="flex flex-col gap-2">
      <FormTextAreaField
        form={childForm(form)}
        name="avoid_topics"
        label={AVOID_TOPICS_LABEL}
        rows={4}
        placeholder={'e.g.\nthe dog\nElf on the Shelf'}
        hint={`One per line, up to ${AVOID_TOPICS_LIMITS.items}. Santa will steer away from these, even if your child brings them up.`}
        limit={AVOID_TOPICS_MAX_LENGTH}
      />
      <p className="text-sm text-gray-600">
        Santa always follows a few rules of his own, whatever you write here.{' '}
        <Link
          to={paths.santaSafety}
          className="inline-flex min-h-11 items-center font-semibold text-santa-700 underline underline-offset-4 hover:text-santa-800"
        >
          What Santa will and won&rsquo;t talk about
        </Link>
      </p>
    </div>
  );
}
