import { useState } from 'react';
import { MEMORY_HEADINGS, MEMORY_KINDS, type MemoryItem } from '@santa/shared/memory';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogActions } from '@/components/ui/dialog';
import { errorMessage } from '@/lib/api-client';
import { useChildren } from '@/lib/queries/children';
import { toast } from '@/lib/toast';
import { useClearMemory, useSantaMemory } from '../api/santa-memory';
import { MemoryRow } from './memory-row';

/** How many memories the dashboard shows before "Show all": the home stays short. */
const FIRST_SHOWN = 3;

/** Whose memories a list holds: one child of several, or the family's one child (no id). */
interface Speaker {
  childId?: string;
  name: string;
}

function ByKind({ items, level }: { items: MemoryItem[]; level: 'h3' | 'h4' }) {
  const Heading = level;
  return MEMORY_KINDS.map((kind) => {
    const ofKind = items.filter((item) => item.kind === kind);
    if (ofKind.length === 0) return null;
    return (
      <section key={kind} aria-label={MEMORY_HEADINGS[kind]} className="flex flex-col gap-2">
        <Heading className="text-sm font-semibold uppercase tracking-wide text-santa-700">
          {MEMORY_HEADINGS[kind]}
        </Heading>
        <ul className="flex flex-col gap-2">
          {ofKind.map((item) => (
            <MemoryRow key={item.id} item={item} />
          ))}
        </ul>
      </section>
    );
  });
}

/** Asks before Santa forgets everything, or everything one child told him. */
function ClearDialog({ target, onClose }: { target: Speaker | null; onClose: () => void }) {
  const clear = useClearMemory();
  const one = target?.childId !== undefined;
  return (
    <Dialog
      open={target !== null}
      tone="danger"
      title={one ? `Forget what ${target?.name} told Santa?` : 'Clear Santa’s memory?'}
      description={`Santa will forget everything ${target?.name ?? ''} told him and start afresh on the next call. The calls and their recaps stay in your history.`}
      onClose={onClose}
    >
      <DialogActions>
        <Button variant="ghost" onClick={onClose}>
          Keep it
        </Button>
        <Button
          disabled={clear.isPending}
          onClick={() =>
            clear.mutate(target?.childId, {
              onSuccess: ({ message }) => {
                onClose();
                toast.success(message);
              },
              onError: (error) => toast.error(errorMessage(error, 'We could not clear Santa’s memory')),
            })
          }
        >
          {one ? 'Forget it' : 'Clear it'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * "What Santa remembers": each child's wishes, news and promises from earlier calls, which Santa
 * brings up next time. The parent corrects a point, removes it, or clears one child's or them all.
 */
export function SantaMemoryCard({ kidName }: { kidName: string }) {
  const memory = useSantaMemory();
  const family = useChildren().data?.children ?? [];
  const [clearing, setClearing] = useState<Speaker | null>(null);
  const [showAll, setShowAll] = useState(false);
  if (!memory.data) return null;
  const items = showAll ? memory.data.items : memory.data.items.slice(0, FIRST_SHOWN);
  const hidden = memory.data.items.length - items.length;
  const several = family.length > 1;
  const byChild = several
    ? [
        ...family.map((child) => ({ childId: child.id, name: child.kid_name })),
        { childId: '', name: 'Not sure which child' },
      ]
        .map((speaker) => ({
          speaker,
          items: items.filter((item) => (item.child_id ?? '') === speaker.childId),
        }))
        .filter((group) => group.items.length > 0)
    : [];

  return (
    <Card role="region" aria-labelledby="santa-memory-title" className="flex flex-col gap-3">
      <div>
        <h2 id="santa-memory-title" className="font-display text-2xl font-bold text-ink">
          What Santa remembers
        </h2>
        <p className="mt-1 text-gray-700">
          {items.length === 0
            ? `After each call, Santa keeps ${several ? 'each child' : kidName}’s wishes, news and promises here, and brings them up next time.`
            : `Santa brings these up on ${several ? 'each child' : kidName}’s next call. Correct or forget any of them.`}
        </p>
      </div>
      {several ? (
        byChild.map(({ speaker, items: told }) => (
          <section
            key={speaker.childId}
            aria-label={speaker.name}
            className="flex flex-col gap-3 border-t border-santa-100 pt-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-display text-xl font-bold text-santa-700">{speaker.name}</h3>
              {speaker.childId ? (
                <Button size="sm" variant="ghost" className="min-h-11" onClick={() => setClearing(speaker)}>
                  Forget what {speaker.name} said
                </Button>
              ) : null}
            </div>
            <ByKind items={told} level="h4" />
          </section>
        ))
      ) : (
        <ByKind items={items} level="h3" />
      )}
      {items.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {hidden > 0 ? (
            <Button variant="ghost" size="sm" className="min-h-11" onClick={() => setShowAll(true)}>
              Show all {memory.data.items.length}
            </Button>
          ) : null}
          <Button
            variant="outline"
            size="sm"
            className="min-h-11"
            onClick={() => setClearing({ name: several ? 'your children' : kidName })}
          >
            Clear Santa’s memory
          </Button>
        </div>
      ) : null}
      <ClearDialog target={clearing} onClose={() => setClearing(null)} />
    </Card>
  );
}
