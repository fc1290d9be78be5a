import { useState, type FormEvent } from 'react';
import { MEMORY_HEADINGS, MEMORY_KINDS, type MemoryItem } from '@santa/shared/memory';
import { RECAP_LIMITS } from '@santa/shared/recap';
import { Button } from '@/components/button';
import { Card } from '@/components/card';
import { Dialog, DialogActions } from '@/components/dialog';
import { TextField } from '@/components/text-field';
import { errorMessage } from '@/lib/api-client';
import { formatLongDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useClearMemory, useEditMemory, useForgetMemory, useSantaMemory } from '../api/santa-memory';

function MemoryRow({ item }: { item: MemoryItem }) {
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

/**
 * "What Santa remembers": the child's wishes, news and promises from earlier calls, which Santa
 * brings up next time. The parent corrects a point, removes it, or clears them all.
 */
export function SantaMemoryCard({ kidName }: { kidName: string }) {
  const memory = useSantaMemory();
  const clear = useClearMemory();
  const [confirming, setConfirming] = useState(false);
  if (!memory.data) return null;
  const { items } = memory.data;

  return (
    <Card role="region" aria-labelledby="santa-memory-title" className="flex flex-col gap-4">
      <div>
        <h2 id="santa-memory-title" className="font-display text-2xl font-bold text-ink">
          What Santa remembers
        </h2>
        <p className="mt-1 text-gray-700">
          {items.length === 0
            ? `After each call, Santa keeps ${kidName}’s wishes, news and promises here, and brings them up next time.`
            : `Santa brings a few of these up on ${kidName}’s next call. Correct anything he got wrong, or make him forget it.`}
        </p>
      </div>
      {MEMORY_KINDS.map((kind) => {
        const ofKind = items.filter((item) => item.kind === kind);
        if (ofKind.length === 0) return null;
        return (
          <section key={kind} aria-label={MEMORY_HEADINGS[kind]} className="flex flex-col gap-2">
            <h3 className="text-sm font-semibold uppercase tracking-wide text-santa-700">
              {MEMORY_HEADINGS[kind]}
            </h3>
            <ul className="flex flex-col gap-2">
              {ofKind.map((item) => (
                <MemoryRow key={item.id} item={item} />
              ))}
            </ul>
          </section>
        );
      })}
      {items.length > 0 ? (
        <Button
          variant="outline"
          size="sm"
          className="min-h-11 self-start"
          onClick={() => setConfirming(true)}
        >
          Clear Santa’s memory
        </Button>
      ) : null}
      <Dialog
        open={confirming}
        tone="danger"
        title="Clear Santa’s memory?"
        description={`Santa will forget everything ${kidName} told him and start afresh on the next call. The calls and their recaps stay in your history.`}
        onClose={() => setConfirming(false)}
      >
        <DialogActions>
          <Button variant="ghost" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
          <Button
            disabled={clear.isPending}
            onClick={() =>
              clear.mutate(undefined, {
                onSuccess: ({ message }) => {
                  setConfirming(false);
                  toast.success(message);
                },
                onError: (error) => toast.error(errorMessage(error, 'We could not clear Santa’s memory')),
              })
            }
          >
            Clear it
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
