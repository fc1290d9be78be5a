import type { SandboxAccount } from '../../providers/google/sandbox-google.ts';
import { escapeHtml, sandboxDocument } from '../sandbox-html.ts';

type AuthorizationQuery = Record<
  'response_type' | 'state' | 'nonce' | 'code_challenge' | 'code_challenge_method' | 'redirect_uri',
  string
>;

function hiddenFields(query: AuthorizationQuery): string {
  return Object.entries(query)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join('');
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((part) => part[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

// Inline <style> is allowed by our CSP; scripts are not, so everything is plain forms.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;align-items:center;
  font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f3f4;color:#202124}
.banner{width:100%;background:#b3261e;color:#fff;text-align:center;padding:.6rem 1rem;font-weight:700;letter-spacing:.04em}
.card{width:min(450px,calc(100% - 2rem));margin:2.5rem 0;background:#fff;border:1px solid #dadce0;border-radius:12px;padding:2rem 2rem 1.5rem}
.brand{display:flex;align-items:center;gap:.5rem;justify-content:center;font-weight:600;color:#5f6368}
.g{font-size:1.4rem;font-weight:700;color:#4285f4}
h1{font-size:1.5rem;font-weight:400;text-align:center;margin:.75rem 0 .25rem}
.sub{text-align:center;color:#5f6368;margin:0 0 1.5rem}
.sub strong{color:#1a73e8}
form{margin:0}
.account{display:flex;align-items:center;gap:.85rem;width:100%;padding:.8rem .5rem;background:none;border:0;
  border-top:1px solid #e8eaed;text-align:left;font:inherit;color:inherit;cursor:pointer}
.account:hover,.account:focus-visible{background:#f8f9fa;outline:none}
.avatar{flex:none;width:2.25rem;height:2.25rem;border-radius:50%;display:grid;place-items:center;color:#fff;font-weight:600}
.who{display:flex;flex-direction:column;min-width:0}
.who span{color:#5f6368;font-size:.875rem;overflow:hidden;text-overflow:ellipsis}
details{border-top:1px solid #e8eaed;border-bottom:1px solid #e8eaed;padding:.8rem .5rem}
summary{cursor:pointer;color:#1a73e8;font-weight:500}
label{display:block;font-size:.875rem;margin:.75rem 0 .25rem;color:#3c4043}
input[type=email],input[type=text]{width:100%;padding:.6rem .7rem;border:1px solid #dadce0;border-radius:6px;font:inherit}
.check{display:flex;gap:.5rem;align-items:center}
.primary{margin-top:1rem;background:#1a73e8;color:#fff;border:0;border-radius:20px;padding:.55rem 1.4rem;font:inherit;font-weight:500;cursor:pointer}
.cancel{margin-top:1rem;background:none;border:0;color:#1a73e8;font:inherit;font-weight:500;cursor:pointer;padding:.5rem 0}
.note{font-size:.8rem;color:#5f6368;margin-top:1.25rem}
`;

const AVATAR_COLOURS = ['#1e8e3e', '#c5221f', '#1a73e8', '#e37400'];

export function renderAccountChooser(query: AuthorizationQuery, accounts: readonly SandboxAccount[]): string {
  const hidden = hiddenFields(query);
  const presets = accounts
    .map(
      (account, index) => `<form method="post" action="/sandbox/google">${hidden}
  <input type="hidden" name="choice" value="preset"><input type="hidden" name="preset" value="${index}">
  <button class="account" type="submit">
    <span class="avatar" style="background:${AVATAR_COLOURS[index % AVATAR_COLOURS.length]}">${escapeHtml(initials(account.name))}</span>
    <span class="who"><strong>${escapeHtml(account.name)}</strong><span>${escapeHtml(account.email)}</span></span>
  </button>
</form>`,
    )
    .join('\n');

  return sandboxDocument({
    title: 'SANDBOX · Sign in with Google',
    style: STYLE,
    body: `<div class="banner" role="note">SANDBOX — this is not Google. No real Google account is used.</div>
<main class="card">
  <div class="brand"><span class="g" aria-hidden="true">G</span> Sign in with Google (sandbox)</div>
  <h1>Choose an account</h1>
  <p class="sub">to continue to <strong>Santa Calls</strong></p>
  ${presets}
  <details>
    <summary>Use another account</summary>
    <form method="post" action="/sandbox/google">${hidden}
      <input type="hidden" name="choice" value="custom">
      <label for="email">Email</label>
      <input id="email" name="email" type="email" required autocomplete="off" placeholder="parent@example.com">
      <label for="name">Name</label>
      <input id="name" name="name" type="text" required autocomplete="off" placeholder="Pat Parent">
      <label class="check"><input type="checkbox" name="email_verified" checked> Email address verified by Google</label>
      <button class="primary" type="submit">Continue</button>
    </form>
  </details>
  <form method="post" action="/sandbox/google">${hidden}
    <input type="hidden" name="choice" value="cancel">
    <button class="cancel" type="submit">Cancel</button>
  </form>
  <p class="note">Sandbox mode: Google sign-in keys are not configured, so this page plays Google's part.</p>
</main>`,
  });
}
