import type { SantaLine } from './phone-simulator.ts';
import { escapeHtml, sandboxDocument } from '../sandbox-html.ts';

/** +15550100 → +1 555 0100; other numbers are shown as stored. */
function display(number: string): string {
  const match = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(number) ?? /^\+1(555)(\d{4})$/.exec(number);
  if (!match) return number;
  return match.length === 4 ? `+1 ${match[1]} ${match[2]} ${match[3]}` : `+1 ${match[1]} ${match[2]}`;
}

// Inline <style> is allowed by our CSP; the script is /sandbox/phone/app.js.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#0f3d2e;color:#1f2933}
.banner{background:#b3261e;color:#fff;text-align:center;padding:.6rem 1rem;font-weight:700;letter-spacing:.04em}
.banner span{display:block;font-weight:400;letter-spacing:0;font-size:.85rem}
main{display:grid;gap:1.25rem;grid-template-columns:minmax(0,340px) minmax(0,1fr);max-width:1040px;margin:1.5rem auto;padding:0 1rem}
@media (max-width:760px){main{grid-template-columns:1fr}}
.panel{background:#fff;border-radius:16px;padding:1.25rem;box-shadow:0 8px 24px rgba(0,0,0,.25)}
h1{font-size:1.35rem;margin:0 0 .25rem}
h2{font-size:1.05rem;margin:0 0 .75rem}
.hint{color:#52606d;font-size:.85rem;margin:.25rem 0 0}
label{display:block;font-weight:600;font-size:.9rem;margin:1rem 0 .3rem}
input,select{width:100%;padding:.65rem .75rem;border:1px solid #cbd2d9;border-radius:10px;font:inherit;background:#fff}
input:focus,select:focus,button:focus-visible{outline:3px solid #f0b429;outline-offset:1px}
button{font:inherit;font-weight:600;border:0;border-radius:999px;padding:.7rem 1.2rem;cursor:pointer}
button:disabled{opacity:.45;cursor:not-allowed}
.dial{background:#1e8e3e;color:#fff;width:100%;margin-top:1.25rem;font-size:1.05rem}
.hangup{background:#c5221f;color:#fff;width:100%;margin-top:.6rem}
.status{margin-top:1rem;padding:.6rem .75rem;border-radius:10px;background:#f0f4f8;font-weight:600;display:flex;justify-content:space-between;gap:.5rem;flex-wrap:wrap}
.countdown{font-variant-numeric:tabular-nums;color:#c5221f}
.error{color:#b3261e;font-weight:600;min-height:1.5rem;margin:.5rem 0 0}
.chat{display:flex;flex-direction:column;min-height:420px}
.log{flex:1;overflow-y:auto;max-height:60vh;min-height:260px;display:flex;flex-direction:column;gap:.6rem;padding:.5rem;background:#f7f9fb;border-radius:12px}
.empty{color:#7b8794;text-align:center;margin:auto;padding:1rem}
.turn{max-width:85%;padding:.55rem .8rem;border-radius:14px;white-space:pre-wrap;overflow-wrap:anywhere}
.turn strong{display:block;font-size:.75rem;text-transform:uppercase;letter-spacing:.05em;opacity:.75}
.agent{align-self:flex-start;background:#fde8e8;border-bottom-left-radius:4px}
.user{align-self:flex-end;background:#e3f2fd;border-bottom-right-radius:4px}
.system{align-self:center;background:none;color:#52606d;font-size:.85rem;text-align:center}
form.say{display:flex;gap:.5rem;margin-top:.75rem;flex-wrap:wrap}
form.say input{flex:1 1 12rem}
.send{background:#1a73e8;color:#fff}
.mic{background:#f0b429;color:#1f2933}
.mic[aria-pressed="true"]{background:#c5221f;color:#fff}
.voice{display:flex;align-items:center;gap:.5rem;font-weight:400;margin:.75rem 0 0}
.voice input{width:auto}
a{color:#1a73e8}
.incoming{margin-top:1rem;padding:.9rem;border-radius:12px;background:#fff4d6;border:2px solid #f0b429}
.incoming p{margin:0 0 .6rem;font-weight:700}
.incoming .row{display:flex;gap:.5rem}
.incoming .row button{flex:1}
.ring-now{background:#f0b429;color:#1f2933;width:100%;margin-top:.6rem}
.answer{background:#1e8e3e;color:#fff}
.decline{background:#c5221f;color:#fff}
.sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
`;

export function renderPhonePage(lines: SantaLine[]): string {
  const options = lines
    .map((line) => {
      const label = line.kind === 'hotline' ? 'Hotline' : 'Dedicated';
      return `<option value="${escapeHtml(line.number)}">${escapeHtml(display(line.number))} · ${label}</option>`;
    })
    .join('');
  return sandboxDocument({
    title: 'SANDBOX PHONE SIMULATOR · Santa Calls',
    style: STYLE,
    head: '<script src="/sandbox/phone/app.js" defer></script>',
    body: `<div class="banner" role="note">SANDBOX PHONE SIMULATOR<span>No real phone call is made: this page plays the phone network and a scripted Santa.</span></div>
<main>
  <section class="panel" aria-labelledby="phone-title">
    <h1 id="phone-title">Call Santa</h1>
    <p class="hint">Call from the grown-up's phone number saved in the kid profile, so Santa recognises the family.</p>
    <form id="dial-form" novalidate>
      <label for="from">Calling from</label>
      <input id="from" name="from" type="tel" inputmode="tel" autocomplete="tel" placeholder="+1 415 555 2671" maxlength="32" required>
      <p class="hint" id="from-hint"></p>
      <label for="to">Santa number to dial</label>
      <select id="to" name="to">${options}</select>
      <button class="dial" id="dial" type="submit">Dial</button>
    </form>
    <button class="ring-now" id="ring-now" type="button">Skip to Santa's scheduled call</button>
    <p class="hint">The sandbox plays the clock: Santa's next call to the number above rings now.</p>
    <div class="incoming" id="incoming" role="alert" hidden>
      <p>Santa is calling… <span id="incoming-from"></span></p>
      <div class="row"><button class="answer" id="answer" type="button">Answer</button><button class="decline" id="decline" type="button">Decline</button><button class="decline" id="voicemail" type="button">Let it go to voicemail</button></div>
    </div>
    <button class="hangup" id="hangup" type="button" disabled>Hang up</button>
    <div class="status" role="status"><span id="status">Ready to call</span><span class="countdown" id="countdown" aria-label="Time left"></span></div>
    <p class="error" id="error" role="alert"></p>
    <p class="hint">After hanging up, the call appears on your <a href="/dashboard">dashboard</a>.</p>
    <h2 id="sms-title">Text messages</h2>
    <ul class="sms" id="sms" aria-labelledby="sms-title" aria-live="polite"><li class="hint">Texts sent to the number above (verification codes) appear here.</li></ul>
  </section>
  <section class="panel chat" aria-labelledby="chat-title">
    <h2 id="chat-title">Conversation</h2>
    <div class="log" id="log" role="log" aria-live="polite"><p class="empty" id="empty">Dial a Santa number to start the call.</p></div>
    <form class="say" id="say-form" novalidate>
      <label for="message" class="sr-only">Say to Santa</label>
      <input id="message" name="message" type="text" autocomplete="off" maxlength="500" placeholder="Type what the child says…" disabled>
      <button class="send" id="send" type="submit" disabled>Send</button>
      <button class="mic" id="mic" type="button" aria-pressed="false" hidden disabled>Speak</button>
    </form>
    <label class="voice"><input id="speak" type="checkbox" checked> Read Santa's lines aloud</label>
  </section>
</main>`,
  });
}
