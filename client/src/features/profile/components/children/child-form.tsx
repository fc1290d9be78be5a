import { useState, type FormEvent } from 'react';
import { childRequestSchema, type Child, type ChildRequest } from '@santa/shared/children';
import type { SantaPersonality } from '@santa/shared/constants';
import { Button } from '@/components/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddChild, useUpdateChild } from '../../api/children-actions';
import { REQUIRED_MESSAGES, TEXT_FIELDS } from '../../profile-values';
import { useFieldFocus } from '../../use-field-focus';
import { AvoidTopicsField } from '../kid-profile-form';
import { ChildFields } from '../child-fields';

/** A child's details as the form holds them: every field as typed. */
type ChildValues = Record<Exclude<keyof ChildRequest, 'santa_personality'>, string> & {
  santa_personality: SantaPersonality;
};
type ChildErrors = Partial<Record<keyof ChildValues, string>>;

// Siblings are the other children themselves: the first child's free-text field is not asked here.
const CHILD_TEXT_FIELDS = TEXT_FIELDS.filter((field) => field.name !== 'siblings');

function childValues(child: Child | undefined): ChildValues {
  return {
    kid_name: child?.kid_name ?? '',
    age: child?.age === null || child?.age === undefined ? '' : String(child.age),
    gifts_giving: child?.gifts_giving ?? '',
    wish_list: child?.wish_list ?? '',
    accomplishments: child?.accomplishments ?? '',
    behavior_notes: child?.behavior_notes ?? '',
    custom_notes: child?.custom_notes ?? '',
    santa_personality: child?.santa_personality ?? 'traditional',
    avoid_topics: (child?.avoid_topics ?? []).join('\n'),
    name_pronunciation: child?.name_pronunciation ?? '',
  };
}

/** Each field's first problem, by the server's own schema: the form never sends what it refuses. */
function childErrors(values: ChildValues): ChildErrors {
  if (!values.kid_name.trim()) return { kid_name: REQUIRED_MESSAGES.kid_name };
  const result = childRequestSchema.safeParse(values);
  const errors: ChildErrors = {};
  if (!result.success) {
    for (const issue of result.error.issues) {
      const field = issue.path[0] as keyof ChildValues | undefined;
      if (field && !errors[field]) errors[field] = issue.message;
    }
  }
  return errors;
}

/**
 * One more child's details (or a change to them): the same fields as the first child's profile,
 * without the family's phone, which every child shares.
 */
export function ChildForm({ child, onDone }: { child?: Child; onDone: () => void }) {
  const add = useAddChild();
  const update = useUpdateChild();
  const saving = add.isPending || update.isPending;
  const [values, setValues] = useState(() => childValues(child));
  const [errors, setErrors] = useState<ChildErrors>({});
  const { refFor, focusFirst } = useFieldFocus();

  const set = (field: keyof ChildValues) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = childErrors(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    const done = {
      onSuccess: () => {
        toast.success(
          child ? `${values.kid_name.trim()}’s details are saved` : `${values.kid_name.trim()} is added`,
        );
        onDone();
      },
      onError: (error: unknown) => toast.error(errorMessage(error, 'We could not save those details')),
    };
    if (child) update.mutate({ id: child.id, child: values }, done);
    else add.mutate(values, done);
  }

  return (
    <form noValidate onSubmit={submit} aria-label={child ? `${child.kid_name}’s details` : 'Add a child'}>
      <div className="flex flex-col gap-6">
        <ChildFields
          nameLabel="Child’s name"
          values={values}
          errors={errors}
          refFor={refFor}
          set={(field) => set(field as keyof ChildValues)}
          onPersonality={(personality) =>
            setValues((current) => ({ ...current, santa_personality: personality }))
          }
          textFields={CHILD_TEXT_FIELDS}
        />
        <AvoidTopicsField
          inputRef={refFor('avoid_topics')}
          value={values.avoid_topics}
          error={errors.avoid_topics}
          onValueChange={set('avoid_topics')}
        />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving ? 'Saving...' : child ? 'Save Changes' : 'Add Child'}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
    </form>
  );
}
