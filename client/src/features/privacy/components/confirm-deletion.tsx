import { useState, type FormEvent } from 'react';
import { DELETE_WORD, type DeletionConfirmation } from '@santa/shared/privacy';
import { Button } from '@/components/button';
import { TextField } from '@/components/text-field';

/**
 * What confirms a deletion: the password, or for a Google-only account the word DELETE (the server
 * also wants a recent sign-in).
 */
export function ConfirmDeletion({
  hasPassword,
  action,
  pending,
  onConfirm,
  onCancel,
}: {
  hasPassword: boolean;
  action: string;
  pending: boolean;
  onConfirm: (confirmation: DeletionConfirmation) => void;
  onCancel: () => void;
}) {
  const [value, setValue] = useState('');
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onConfirm(hasPassword ? { password: value } : { confirm: value });
  }
  return (
    <form
      onSubmit={submit}
      className="flex flex-col gap-3 rounded-xl border border-santa-200 bg-santa-50 p-4"
    >
      {hasPassword ? (
        <TextField
          label="Your password"
          type="password"
          autoComplete="current-password"
          value={value}
          onChange={(event) => setValue(event.target.value)}
          hint="This cannot be undone."
        />
      ) : (
        <TextField
          label={`Type ${DELETE_WORD} to confirm`}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          hint="This cannot be undone. For your safety you must have signed in within the last few minutes."
        />
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!value || pending}>
          {pending ? 'Deleting...' : action}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
