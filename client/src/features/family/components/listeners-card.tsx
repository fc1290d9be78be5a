import { inviteListenerSchema, type InviteListenerInput, type Listener } from '@santa/shared/listeners';
import { Form } from '@/components/form/form';
import { EmailField, FormTextField } from '@/components/form/text-fields';
import { useZodForm } from '@/components/form/use-zod-form';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useInviteListener, useListeners, useRemoveListener } from '../api/listeners';

function ListenerRow({ listener }: { listener: Listener }) {
  const remove = useRemoveListener();
  return (
    <li className="flex flex-col gap-1 rounded-xl bg-gray-50 px-3 py-2 sm:flex-row sm:items-center sm:gap-3">
      <p className="flex-1 text-ink">
        {listener.name}
        <span className="block text-sm text-gray-600">
          {listener.status === 'joined' ? `joined as ${listener.email}` : `${listener.email} · invited`}
        </span>
      </p>
      <Button
        size="sm"
        variant="ghost"
        className="min-h-11"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(listener.id, {
            onSuccess: ({ message }) => toast.success(message),
            onError: (error) => toast.error(errorMessage(error, 'We could not remove them')),
          })
        }
      >
        Remove<span className="sr-only"> {listener.name}</span>
      </Button>
    </li>
  );
}

/**
 * "Grandparents and family": people the family invites by email to hear its calls with Santa
 * (recaps and the recordings the family keeps), and nothing else of the account.
 */
export function ListenersCard() {
  const listeners = useListeners();
  const invite = useInviteListener();
  const form = useZodForm(inviteListenerSchema, { defaultValues: { name: '', email: '' } });
  if (!listeners.data) return null;
  const full = listeners.data.listeners.length >= listeners.data.limit;

  function submit(request: InviteListenerInput) {
    invite.mutate(request, {
      onSuccess: ({ message }) => {
        toast.success(message);
        form.reset();
      },
      onError: (error) => toast.error(errorMessage(error, 'We could not send the invitation')),
    });
  }

  return (
    <Card role="region" aria-labelledby="listeners-title" className="flex flex-col gap-4">
      <div>
        <h2 id="listeners-title" className="font-display text-2xl font-bold text-ink">
          Grandparents and family
        </h2>
        <p className="mt-1 text-gray-700">
          Invite someone by email to hear your children’s calls with Santa: what each child told him, and the
          recordings you keep. They see nothing else of your account, and you can remove them at any time.
        </p>
      </div>
      {listeners.data.listeners.length > 0 ? (
        <ul className="flex flex-col gap-2" aria-label="Invited to listen">
          {listeners.data.listeners.map((listener) => (
            <ListenerRow key={listener.id} listener={listener} />
          ))}
        </ul>
      ) : null}
      {full ? (
        <p className="text-gray-700">You have invited as many people as a family can.</p>
      ) : (
        <Form
          form={form}
          noValidate
          onSubmit={submit}
          className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
        >
          <FormTextField form={form} name="name" label="Their name" placeholder="e.g. Grandma Rose" />
          <EmailField
            form={form}
            name="email"
            label="Their email"
            autoComplete="off"
            placeholder="grandma@example.com"
          />
          <Button type="submit" className="min-h-11" disabled={invite.isPending}>
            {invite.isPending ? 'Sending…' : 'Invite'}
          </Button>
        </Form>
      )}
    </Card>
  );
}
