import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import type { AdminUser } from '@santa/shared/admin';
import type { ScriptPreview, TestCall } from '@santa/shared/script-preview';
import { matchingFamilies } from './family-picker';
import { nextCallText, ScriptPreviewView } from './script-preview-view';
import { engineNote } from './test-call-panel';

const preview: ScriptPreview = {
  user_id: 'u1',
  prompt: 'You are Santa, talking with Emma.\n\nRules you must always follow:\n- Be kind.',
  first_message: 'Ho ho ho! Merry Christmas, Emma!',
  language: 'en',
  allowed_seconds: 60,
  dynamic_variables: { kid_name: 'Emma' },
  children: 2,
  next_call: 'santa',
  from_draft: true,
};

test('the preview shows the first message and the whole prompt, and says which script it came from', () => {
  const html = renderToStaticMarkup(<ScriptPreviewView preview={preview} />);
  expect(html).toContain('Ho ho ho! Merry Christmas, Emma!');
  expect(html).toContain('Rules you must always follow:\n- Be kind.');
  expect(html).toContain('English · 2 children · from your unsaved draft');
  expect(html).toContain('for at most 1 minute');
  // The prompt keeps its lines and wraps on a narrow phone instead of scrolling sideways.
  expect(/<pre class="([^"]*)"/.exec(html)?.[1]).toContain('whitespace-pre-wrap');
});

test('says what a real call would hear instead of Santa', () => {
  expect(nextCallText('no_call_time', 3600)).toContain('no call time left');
  expect(nextCallText('no_call_time', 3600)).toContain('60 minutes');
  expect(nextCallText('no_consent', 60)).toContain('privacy notice');
});

test('the test call says it is the sandbox Santa, and that real calls differ once ElevenLabs takes them', () => {
  const call = (live: TestCall['live_engine']): TestCall => ({
    engine: 'sandbox',
    live_engine: live,
    turns: [],
    ended: false,
    seconds_per_exchange: 10,
  });
  expect(engineNote(null)).toContain('no minutes are used');
  expect(engineNote(call('sandbox'))).not.toContain('ElevenLabs');
  expect(engineNote(call('elevenlabs'))).toContain('Real calls on this server go to the ElevenLabs agent');
});

test('families are found by part of the email or the name, and nobody is listed before a search', () => {
  const user = (email: string, name: string) => ({ id: email, email, name }) as AdminUser;
  const users = [user('holly@example.com', 'Holly Berry'), user('ivy@example.com', 'Ivy Green')];
  expect(matchingFamilies(users, '')).toEqual([]);
  expect(matchingFamilies(users, 'HOLLY@').map((u) => u.email)).toEqual(['holly@example.com']);
  expect(matchingFamilies(users, 'green').map((u) => u.email)).toEqual(['ivy@example.com']);
});
