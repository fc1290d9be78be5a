import { useState } from 'react';
import { editMemorySchema, type MemoryItem } from '@santa/shared/memory';
import { RECAP_LIMITS } from '@santa/shared/recap';
import { Form } from '@/components/form/form';
import { FormTextField } from '@/components/form/text-fields';
import { toastFirstError, useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useEditMemory, useForgetMemory } from '../api/santa-memory';

/** The memory in the parent's words, checked as the server checks it. */
function EditMemoryForm({ item, onDone }: { item: MemoryItem; onDone: () => void }) {
  const edit = useEditMemory();
  const form = useZodForm(editMemorySchema, { defaultValues: { text: item.text } });

  const onSave = ({ text }: { text: string }) => {
    edit.mutate(
      { id: item.id, text },
      {
        onSuccess: ({ message }) => {
          onDone();
          toast.success(message);
        },
        onError: (error) => toast.error(errorMessage(error, 'We could not save that')),
      },
    );
  };

  return (
    <li>
      <Form
        form={form}
        onSubmit={onSave}
        onInvalid={toastFirstError}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <FormTextField
          form={form}
          name="text"
          label="What Santa should remember"
          className="flex-1"
          required
          maxLength={RECAP_LIMITS.itemLength}
          autoFocus
        />
        <div className="flex gap-2">
          <Button type="submit" size="sm" className="min-h-11" disabled={edit.isPending}>
            Save
          </Button>
          <Button type="button" size="sm" variant="ghost" className="min-h-11" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </Form>
    </li>
  );
}

/** One thing Santa remembers: the parent corrects it in place or makes him forget it. */
export function MemoryRow({ item }: { item: MemoryItem }) {
  const forget = useForgetMemory();
  const [editing, setEditing] = useState(false);

  if (editing) return <EditMemoryForm item={item} onDone={() => setEditing(false)} />;

  return (
    <li className="flex items-center gap-2 rounded-xl bg-gray-50 py-1 pr-1 pl-3 sm:gap-3">
      <p className="min-w-0 flex-1 text-ink">
        “{item.text}”
        <span className="block text-sm text-gray-600">
          {formatLongDate(item.created_at)}
          {item.edited ? ' · corrected by you' : ''}
        </span>
      </p>
      <div className="flex shrink-0 gap-1">
        <Button size="sm" variant="ghost" className="min-h-11" onClick={() => setEditing(true)}>
          Edit<span className="sr-only"> “{item.text}”</span>
        </Button>
        <Button
          size="sm"
          variant="ghost"
          className="min-h-11"
          disabled={forget.isPending}
          onClick={() =>
            forget.mutate(item.id, {
              onSuccess: ({ message }) => toast.success(message),
              onError: (error) => toast.error(errorMessage(error, 'We could not remove that')),
            })
          }
        >
          Forget<span className="sr-only"> “{item.text}”</span>
        </Button>
      </div>
    </li>
  );
}
