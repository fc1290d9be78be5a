import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { PROMPT_PLACEHOLDERS } from '@santa/shared/constants';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { errorMessage } from '@/lib/api-client';
import { formatShortDateTime } from '@/lib/format';
import { useSantaPrompt, useSaveSantaPrompt } from '../api/santa-prompt';
import { FamilyPreviewCard } from './family-preview-card';

const LOAD_FAILED = 'Failed to load Santa prompt';

/** The placeholders the script may use, which Santa hears filled with the child's profile. */
function PlaceholderHelp() {
  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold text-ink" id="placeholder-help">
        Available placeholders
      </h3>
      <ul className="flex flex-wrap gap-2" aria-labelledby="placeholder-help">
        {PROMPT_PLACEHOLDERS.map((placeholder) => (
          <li key={placeholder}>
            <code className="rounded-md bg-gray-100 px-2 py-1 text-sm text-ink">{placeholder}</code>
          </li>
        ))}
      </ul>
      <p className="text-sm text-gray-600">
        {'{kid_name}'} is required so Santa can greet the child by name.
      </p>
    </div>
  );
}

export function SantaScriptTab() {
  const prompt = useSantaPrompt();
  const save = useSaveSantaPrompt();
  const [draft, setDraft] = useState<string | null>(null);

  useEffect(() => {
    if (prompt.isError) toast.error(LOAD_FAILED);
  }, [prompt.isError, prompt.errorUpdatedAt]);

  const text = draft ?? prompt.data?.prompt ?? '';
  const onSave = () =>
    save.mutate(text, {
      onSuccess: () => {
        setDraft(null);
        toast.success('Santa prompt updated successfully!');
      },
      onError: (error) => toast.error(errorMessage(error, 'Failed to save prompt')),
    });

  const saved = prompt.data?.prompt;
  return (
    <>
      <Card className="flex flex-col gap-5">
        <div>
          <h2 className="font-display text-2xl font-bold text-ink">Santa's Script</h2>
          <p className="mt-1 text-gray-700">
            The instructions Santa follows on every call. Placeholders are replaced with the child's profile.
          </p>
        </div>
        <div
          className="rounded-xl border border-pine-600/30 bg-pine-50 p-4 text-sm text-pine-700"
          role="note"
        >
          Safety rules are always added to every call and cannot be edited here.
        </div>
        <PlaceholderHelp />
        {prompt.isPending ? (
          <SkeletonBlock className="h-96" />
        ) : (
          <div className="flex flex-col gap-1.5">
            <label htmlFor="santa-prompt" className="text-sm font-semibold text-ink">
              Santa prompt
            </label>
            <textarea
              id="santa-prompt"
              rows={20}
              value={text}
              onChange={(event) => setDraft(event.target.value)}
              placeholder={`You are Santa Claus talking with {kid_name}. Use ${PROMPT_PLACEHOLDERS.join(', ')}.`}
              className="w-full rounded-xl border border-gray-300 bg-white px-4 py-3 font-mono text-sm leading-relaxed text-ink focus:border-santa-600"
            />
          </div>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-sm text-gray-600">
            {prompt.data?.updated_by && prompt.data.last_updated
              ? `Last updated by ${prompt.data.updated_by} on ${formatShortDateTime(prompt.data.last_updated)}`
              : 'Using the default script.'}
          </p>
          <Button onClick={onSave} disabled={save.isPending || prompt.isPending || prompt.isError}>
            {save.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </Card>
      {prompt.data ? (
        <FamilyPreviewCard
          draft={draft !== null && draft !== saved ? draft : null}
          savedVersion={prompt.data.last_updated ?? ''}
        />
      ) : null}
    </>
  );
}
