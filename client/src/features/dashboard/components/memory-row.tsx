import { useState, type FormEvent } from 'react';
import type { MemoryItem } from '@santa/shared/memory';
import { RECAP_LIMITS } from '@santa/shared/recap';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useEditMemory, useForgetMemory } from '../api/santa-memory';

/** One thing Santa remembers: the parent corrects it in place or makes him forget it. */
export function MemoryRow({ item }: { item: MemoryItem }) {
  const edit = useEditMemory();
  const forget = useForgetMemory();
  const [draft, setDraft] = useState<string | undefined>();

  const onSave = (event: FormEvent) => {
    event.preventDefault();
    edit.mutate(
      { id: item.id, text: draft ?? item.text },
      {
        onSuccess: ({ message }) => {
          setDraft(undefined);
          toast.success(message);
        },
        onError: (error) => toast.error(errorMessage(error, 'We could not save that')),
      },
    );
  };

  if (draft !== undefined)
    return (
      <li>
        <form onSubmit={onSave} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <TextField
            label="What Santa should remember"
            className="flex-1"
            required
            maxLength={RECAP_LIMITS.itemLength}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            autoFocus
          />
          <div className="flex gap-2">
            <Button type="submit" size="sm" className="min-h-11" disabled={edit.isPending}>
              Save
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              className="min-h-11"
              onClick={() => setDraft(undefined)}
            >
              Cancel
            </Button>
          </div>
        </form>
      </li>
    );

  return (
    <li className="flex flex-col gap-1 rounded-xl bg-gray-50 px-3 py-2 sm:flex-row sm:items-center sm:gap-3">
      <p className="flex-1 text-ink">
        “{item.text}”
        <span className="block text-sm text-gray-600">
          {formatLongDate(item.created_at)}
          {item.edited ? ' · corrected by you' : ''}
        </span>
      </p>
      <div className="flex gap-1">
        <Button size="sm" variant="ghost" className="min-h-11" onClick={() => setDraft(item.text)}>
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
