import { useState, type FormEvent } from 'react';
import type { TestCall } from '@santa/shared/script-preview';
import { TEST_CALL_LINE_MAX_LENGTH, TEST_CALL_MAX_LINES } from '@santa/shared/script-preview';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useTestCall } from '../api/script-preview';

const FIRST_LINE = 'Hi Santa! I have been really good this year.';

/** Who answers the test, and who answers the families' real calls on this server. */
export function engineNote(call: TestCall | null): string {
  const always =
    'The sandbox Santa answers here, with this family’s prompt and first message: nothing is dialled, no minutes are used and nothing is added to the family’s calls.';
  if (call?.live_engine === 'elevenlabs')
    return `${always} Real calls on this server go to the ElevenLabs agent, whose answers will differ from the sandbox Santa’s scripted ones.`;
  return always;
}

function Transcript({ call }: { call: TestCall }) {
  return (
    <ol aria-label="Test call" role="log" className="flex flex-col gap-2" data-testid="test-call-transcript">
      {call.turns.map((turn, index) => (
        <li
          key={index}
          className={`rounded-xl p-3 ${turn.role === 'agent' ? 'bg-santa-50 text-ink' : 'ml-6 bg-pine-50 text-pine-900'}`}
        >
          <span className="block text-xs font-semibold tracking-wide uppercase">
            {turn.role === 'agent' ? 'Santa' : 'Child'}
          </span>
          {turn.message}
        </li>
      ))}
    </ol>
  );
}

/**
 * Santa's opening and answers for the chosen family, from the sandbox Santa (decision 0038). The
 * server plays the whole conversation again for each line, so nothing of it is stored anywhere.
 */
export function TestCallPanel({ userId, draft }: { userId: string; draft: string | null }) {
  const testCall = useTestCall();
  const [lines, setLines] = useState<string[]>([]);
  const [line, setLine] = useState(FIRST_LINE);
  const [call, setCall] = useState<TestCall | null>(null);
  const full = lines.length >= TEST_CALL_MAX_LINES || !!call?.ended;

  const say = (event: FormEvent) => {
    event.preventDefault();
    const said = [...lines, line.trim()];
    testCall.mutate(
      { user_id: userId, child_says: said, ...(draft === null ? {} : { prompt: draft }) },
      {
        onSuccess: (answer) => {
          setLines(said);
          setCall(answer);
          setLine('');
        },
        onError: (error) => toast.error(errorMessage(error, 'The test call failed')),
      },
    );
  };
  const startOver = () => {
    setLines([]);
    setCall(null);
    setLine(FIRST_LINE);
  };

  return (
    <section
      className="flex flex-col gap-3 border-t border-gray-200 pt-5"
      aria-labelledby="test-call-heading"
    >
      <h3 id="test-call-heading" className="font-display text-xl font-bold text-ink">
        Test call
      </h3>
      <p className="text-sm text-gray-700" role="note">
        {engineNote(call)}
      </p>
      {call ? <Transcript call={call} /> : null}
      {call?.ended ? (
        <p className="text-sm font-semibold text-ink">Santa said goodbye: the test call is over.</p>
      ) : null}
      <form onSubmit={say} className="flex flex-col gap-3">
        {full ? null : (
          <TextField
            label="What the child says"
            value={line}
            maxLength={TEST_CALL_LINE_MAX_LENGTH}
            onChange={(event) => setLine(event.target.value)}
          />
        )}
        <div className="flex flex-wrap gap-3">
          {full ? null : (
            <Button type="submit" disabled={testCall.isPending || !line.trim()}>
              {testCall.isPending ? 'Calling...' : call ? 'Say it' : 'Test call'}
            </Button>
          )}
          {call ? (
            <Button variant="outline" onClick={startOver} disabled={testCall.isPending}>
              Start over
            </Button>
          ) : null}
        </div>
      </form>
    </section>
  );
}
