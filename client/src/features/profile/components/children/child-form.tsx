import type { Child } from '@santa/shared/children';
import { Form } from '@/components/form/form';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAddChild, useUpdateChild } from '../../api/children-actions';
import { childFormSchema, TEXT_FIELDS, type ChildValues } from '../../profile-values';
import { AvoidTopicsField, ChildFields } from '../child-fields';

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
    language: child?.language ?? 'en',
  };
}

/**
 * One more child's details (or a change to them): the same fields as the first child's profile,
 * without the family's phone, which every child shares.
 */
export function ChildForm({ child, onDone }: { child?: Child; onDone: () => void }) {
  const add = useAddChild();
  const update = useUpdateChild();
  const saving = add.isPending || update.isPending;
  const form = useZodForm(childFormSchema, { defaultValues: childValues(child) });

  function submit() {
    // The fields as typed: the server reads them as the schema here just did.
    const values = form.getValues();
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
    <Form
      form={form}
      noValidate
      onSubmit={submit}
      aria-label={child ? `${child.kid_name}’s details` : 'Add a child'}
    >
      <div className="flex flex-col gap-6">
        <ChildFields form={form} nameLabel="Child’s name" textFields={CHILD_TEXT_FIELDS} />
        <AvoidTopicsField form={form} />
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button type="submit" disabled={saving} aria-busy={saving}>
            {saving ? 'Saving...' : child ? 'Save Changes' : 'Add Child'}
          </Button>
          <Button type="button" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
    </Form>
  );
}
