import { useState } from 'react';
import type { AdminUser } from '@santa/shared/admin';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SkeletonBlock } from '@/components/ui/skeleton-block';
import { errorMessage } from '@/lib/api-client';
import { useScriptPreview } from '../api/script-preview';
import { FamilyPicker } from './family-picker';
import { ScriptPreviewView } from './script-preview-view';
import { TestCallPanel } from './test-call-panel';

interface FamilyPreviewCardProps {
  /** The tab's unsaved text, or null when it is the saved script. */
  draft: string | null;
  /** When the saved script last changed: a save shows the new script. */
  savedVersion: string;
}

/**
 * "Preview for a family": the prompt and first message a chosen family's next call would get, built
 * by the call's own code, then a test call with the sandbox Santa.
 */
export function FamilyPreviewCard({ draft, savedVersion }: FamilyPreviewCardProps) {
  const [family, setFamily] = useState<AdminUser | null>(null);
  // The draft as it was when the admin asked: typing does not re-render the preview at every key.
  const [shown, setShown] = useState<{ draft: string | null; version: string }>({
    draft,
    version: savedVersion,
  });
  const preview = useScriptPreview(family?.id ?? null, shown.draft, shown.version);
  const outOfDate = shown.draft !== draft || shown.version !== savedVersion;

  const choose = (user: AdminUser | null) => {
    setFamily(user);
    setShown({ draft, version: savedVersion });
  };

  return (
    <Card className="mt-6 flex flex-col gap-5" data-testid="family-preview">
      <div>
        <h2 className="font-display text-2xl font-bold text-ink">Preview for a family</h2>
        <p className="mt-1 text-gray-700">
          The prompt and first message Santa would get on a family’s next call, built by the same code as a
          real call.
        </p>
      </div>
      <p className="rounded-xl border border-pine-600/30 bg-pine-50 p-4 text-sm text-pine-700" role="note">
        The family’s notes, the topics they asked Santa to avoid and what the child told Santa show as [what
        it is · its length]: the privacy notice promises parents that staff never read them.
      </p>
      <FamilyPicker selected={family} onSelect={choose} />
      {family ? (
        <>
          {outOfDate ? (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-gold-400/20 p-3">
              <p className="text-sm text-ink">The script changed since this preview.</p>
              <Button size="sm" onClick={() => setShown({ draft, version: savedVersion })}>
                Preview again
              </Button>
            </div>
          ) : null}
          {preview.isPending ? (
            <SkeletonBlock className="h-64" />
          ) : preview.isError ? (
            <p className="text-santa-700" role="alert">
              {errorMessage(preview.error, 'Failed to load the preview')}
            </p>
          ) : (
            <>
              <ScriptPreviewView preview={preview.data} />
              <TestCallPanel
                key={`${family.id}:${shown.version}:${shown.draft ?? ''}`}
                userId={family.id}
                draft={shown.draft}
              />
            </>
          )}
        </>
      ) : null}
    </Card>
  );
}
