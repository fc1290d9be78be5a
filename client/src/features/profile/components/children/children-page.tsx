import { useState } from 'react';
import { Link } from 'react-router';
import type { Child } from '@santa/shared/children';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { capitalize } from '@/lib/format';
import { paths } from '@/lib/paths';
import { useChildren } from '@/lib/queries/children';
import { ChildForm } from './child-form';
import { RemoveChildButton } from './remove-child-button';
import { UsualCallerField } from './usual-caller-field';

/** What the page is doing: reading the list, adding a child, or changing one child's details. */
type Editing = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; child: Child };

function ChildSummary({ child, first, onEdit }: { child: Child; first: boolean; onEdit: () => void }) {
  return (
    <li className="flex flex-col gap-3 rounded-2xl border border-santa-100 bg-white p-5 shadow-sm sm:flex-row sm:items-center">
      <div className="flex-1">
        <h2 className="font-display text-2xl font-bold text-santa-700">{child.kid_name}</h2>
        <p className="text-gray-700">
          {child.age === null ? 'Age not given' : `${child.age} years old`} ·{' '}
          {capitalize(child.santa_personality)} Santa
        </p>
        {child.wish_list ? <p className="mt-1 text-sm text-gray-600">Wishes for: {child.wish_list}</p> : null}
      </div>
      <div className="flex flex-wrap gap-2">
        {first ? (
          // The first child is the family's profile, with its phone and privacy agreement.
          <ButtonLink to={paths.setupProfile} variant="outline" size="sm" className="min-h-11">
            Edit<span className="sr-only"> {child.kid_name}</span>
          </ButtonLink>
        ) : (
          <>
            <Button variant="outline" size="sm" className="min-h-11" onClick={onEdit}>
              Edit<span className="sr-only"> {child.kid_name}</span>
            </Button>
            <RemoveChildButton child={child} />
          </>
        )}
      </div>
    </li>
  );
}

/**
 * "Your children": every child Santa knows in this family (up to the limit), who usually calls,
 * and a form to add one more or change one child's details.
 */
export function ChildrenPage() {
  const children = useChildren();
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const list = children.data?.children ?? [];
  const full = children.data ? list.length >= children.data.limit : false;
  const close = () => setEditing({ kind: 'none' });

  return (
    <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <Link
        to={paths.dashboard}
        className="inline-flex min-h-11 items-center gap-1 rounded font-semibold text-santa-700 hover:text-santa-800"
      >
        <span aria-hidden="true">←</span> Back to Dashboard
      </Link>
      <h1 className="mt-4 font-display text-3xl font-bold text-santa-700 sm:text-4xl">Your children</h1>
      <p className="mt-2 text-gray-700">
        Santa knows each child by name, with their own wishes and news. When your phone calls, he greets the
        child who usually calls, or asks who is speaking, and talks to brothers and sisters in turn.
      </p>

      {children.isPending ? (
        <div className="mt-6 flex flex-col gap-4" role="status" aria-label="Loading your children">
          <SkeletonBlock className="h-24 w-full" />
          <SkeletonBlock className="h-24 w-full" />
        </div>
      ) : children.isError ? (
        <Card role="alert" className="mt-6 flex flex-col gap-3">
          <p className="text-gray-800">We could not load your children.</p>
          <Button
            variant="outline"
            size="sm"
            className="min-h-11 self-start"
            onClick={() => void children.refetch()}
          >
            Try again
          </Button>
        </Card>
      ) : list.length === 0 ? (
        <Card className="mt-6 flex flex-col gap-3">
          <p className="text-gray-800">
            Tell Santa about your first child, then add their brothers and sisters here.
          </p>
          <ButtonLink to={paths.setupProfile} className="self-start">
            Create Profile
          </ButtonLink>
        </Card>
      ) : (
        <>
          <ul className="mt-6 flex flex-col gap-4" aria-label="Children">
            {list.map((child, index) =>
              editing.kind === 'edit' && editing.child.id === child.id ? (
                <li key={child.id}>
                  <Card>
                    <ChildForm child={child} onDone={close} />
                  </Card>
                </li>
              ) : (
                <ChildSummary
                  key={child.id}
                  child={child}
                  first={index === 0}
                  onEdit={() => setEditing({ kind: 'edit', child })}
                />
              ),
            )}
          </ul>

          {editing.kind === 'add' ? (
            <Card className="mt-6">
              <h2 className="mb-4 font-display text-2xl font-bold text-ink">Add a child</h2>
              <ChildForm onDone={close} />
            </Card>
          ) : full ? (
            <p className="mt-6 rounded-2xl bg-santa-50 p-4 text-gray-800">
              Santa knows all {children.data.limit} of your children, the most a family can have.
            </p>
          ) : (
            <Button className="mt-6" onClick={() => setEditing({ kind: 'add' })}>
              Add a Child
            </Button>
          )}

          {list.length > 1 ? (
            <UsualCallerField family={list} usualCallerId={children.data.usual_caller_child_id} />
          ) : null}
        </>
      )}
    </main>
  );
}
