/* global window, document */
// The sandbox phone simulator's browser side: dial, talk (typing or the browser's speech APIs),
// hang up. Everything that matters happens on the server; this file only shows it.
(function () {
  'use strict';

  const $ = (id) => document.getElementById(id);
  const els = {
    dialForm: $('dial-form'),
    from: $('from'),
    fromHint: $('from-hint'),
    to: $('to'),
    dial: $('dial'),
    hangup: $('hangup'),
    status: $('status'),
    countdown: $('countdown'),
    error: $('error'),
    log: $('log'),
    empty: $('empty'),
    sayForm: $('say-form'),
    message: $('message'),
    send: $('send'),
    mic: $('mic'),
    speak: $('speak'),
    sms: $('sms'),
    incoming: $('incoming'),
    incomingFrom: $('incoming-from'),
    answer: $('answer'),
    decline: $('decline'),
    voicemail: $('voicemail'),
    ringNow: $('ring-now'),
  };

  let call = null;
  let shownTurns = 0;
  let remaining = null;
  let ticker = null;
  let busy = false;

  async function api(path, body) {
    const response = await fetch(`/sandbox/phone/api/${path}`, {
      method: body ? 'POST' : 'GET',
      credentials: 'same-origin',
      headers: body ? { 'Content-Type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(data.detail || `Request failed (${response.status})`);
    return data;
  }

  function formatTime(seconds) {
    const s = Math.max(0, Math.floor(seconds));
    return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
  }

  function speak(text) {
    if (!els.speak.checked || !('speechSynthesis' in window)) return;
    const utterance = new window.SpeechSynthesisUtterance(text);
    utterance.rate = 0.95;
    utterance.pitch = 0.8;
    window.speechSynthesis.speak(utterance);
  }

  function addLine(className, who, text) {
    els.empty.remove();
    const line = document.createElement('div');
    line.className = `turn ${className}`;
    if (who) {
      const name = document.createElement('strong');
      name.textContent = who;
      line.append(name);
    }
    line.append(document.createTextNode(text));
    els.log.append(line);
    els.log.scrollTop = els.log.scrollHeight;
  }

  function setLive(live) {
    els.dial.disabled = live || busy;
    els.from.disabled = live;
    els.to.disabled = live;
    els.hangup.disabled = !live;
    els.message.disabled = !live;
    els.send.disabled = !live;
    els.mic.disabled = !live;
  }

  function stopTicker() {
    if (ticker) clearInterval(ticker);
    ticker = null;
    els.countdown.textContent = '';
  }

  function show(state) {
    call = state;
    for (const turn of state.turns.slice(shownTurns)) {
      addLine(turn.role, turn.role === 'agent' ? 'Santa' : 'You', turn.message);
      if (turn.role === 'agent') speak(turn.message);
    }
    shownTurns = state.turns.length;
    if (state.status === 'live') {
      remaining = state.remaining_seconds;
      els.status.textContent = 'Connected to Santa';
      els.countdown.textContent = remaining === null ? '' : `${formatTime(remaining)} left`;
      setLive(true);
      return;
    }
    stopTicker();
    const seconds = state.duration_seconds === null ? '' : ` · ${state.duration_seconds} seconds`;
    els.status.textContent = `Call ended${seconds}`;
    addLine('system', '', 'Call ended.');
    call = null;
    setLive(false);
  }

  function startTicker() {
    stopTicker();
    let polls = 0;
    ticker = setInterval(async () => {
      if (!call) return stopTicker();
      if (remaining !== null) {
        remaining -= 1;
        els.countdown.textContent = `${formatTime(remaining)} left`;
      }
      polls += 1;
      // The server decides when time is up (and may hang up for the app); ask it every 3 s.
      if (polls % 3 === 0 || (remaining !== null && remaining <= 15)) {
        try {
          const { state } = await api(`state?call_sid=${encodeURIComponent(call.call_sid)}`);
          if (call && state.call_sid === call.call_sid) show(state);
        } catch (error) {
          els.error.textContent = error.message;
        }
      }
    }, 1000);
  }

  els.dialForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (busy || call) return;
    busy = true;
    els.error.textContent = '';
    els.dial.disabled = true;
    els.log.querySelectorAll('.turn').forEach((node) => node.remove());
    els.empty.remove();
    shownTurns = 0;
    els.status.textContent = 'Ringing…';
    try {
      const { state } = await api('dial', { from: els.from.value, to: els.to.value });
      busy = false;
      show(state);
      if (state.status === 'live') {
        startTicker();
        els.message.focus();
      }
    } catch (error) {
      busy = false;
      els.status.textContent = 'Ready to call';
      els.error.textContent = error.message;
      setLive(false);
    }
  });

  async function say(text) {
    if (!call || !text.trim()) return;
    els.error.textContent = '';
    els.send.disabled = true;
    try {
      const { state } = await api('say', { call_sid: call.call_sid, text });
      show(state);
    } catch (error) {
      els.error.textContent = error.message;
    } finally {
      if (call) els.send.disabled = false;
    }
  }

  els.sayForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    const text = els.message.value;
    els.message.value = '';
    await say(text);
    if (call) els.message.focus();
  });

  els.hangup.addEventListener('click', async () => {
    if (!call) return;
    els.hangup.disabled = true;
    els.status.textContent = 'Hanging up…';
    if ('speechSynthesis' in window) window.speechSynthesis.cancel();
    try {
      const { state } = await api('hangup', { call_sid: call.call_sid });
      show(state);
    } catch (error) {
      els.error.textContent = error.message;
      els.hangup.disabled = false;
    }
  });

  const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
  if (Recognition) {
    els.mic.hidden = false;
    let recognition = null;
    els.mic.addEventListener('click', () => {
      if (recognition) {
        recognition.stop();
        return;
      }
      recognition = new Recognition();
      recognition.lang = 'en-US';
      recognition.interimResults = false;
      recognition.maxAlternatives = 1;
      els.mic.setAttribute('aria-pressed', 'true');
      els.mic.textContent = 'Listening…';
      recognition.addEventListener('result', (event) => {
        const text = event.results[0] && event.results[0][0] ? event.results[0][0].transcript : '';
        if (text) say(text);
      });
      recognition.addEventListener('error', (event) => {
        els.error.textContent = `Speech recognition: ${event.error}`;
      });
      recognition.addEventListener('end', () => {
        recognition = null;
        els.mic.setAttribute('aria-pressed', 'false');
        els.mic.textContent = 'Speak';
      });
      recognition.start();
    });
  }

  // Prefill the caller number with the parent phone of the signed-in parent's kid profile, unless
  // the person has already gone to the field: text arriving under their cursor would mix two numbers.
  let fromTouched = false;
  els.from.addEventListener('focus', () => (fromTouched = true), { once: true });
  fetch('/api/santa/kid-profile', { credentials: 'same-origin' })
    .then((response) => (response.ok ? response.json() : null))
    .then((data) => {
      const phone = data && data.has_profile && data.profile ? data.profile.parent_phone : '';
      if (phone) {
        if (!fromTouched && !els.from.value) els.from.value = phone;
        els.fromHint.textContent = 'Prefilled with the parent phone from your kid profile.';
      } else {
        els.fromHint.textContent = 'Sign in and create a kid profile to prefill the parent phone.';
      }
    })
    .catch(() => {
      els.fromHint.textContent = '';
    });
  // The texts the sandbox Twilio sent to the number typed above: verification codes arrive here,
  // as they would on that phone.
  let shownTexts = '';
  async function showTexts() {
    const to = els.from.value.trim();
    if (!to) return;
    try {
      const { messages } = await api(`messages?to=${encodeURIComponent(to)}`);
      const key = JSON.stringify(messages);
      if (key === shownTexts || messages.length === 0) return;
      shownTexts = key;
      els.sms.replaceChildren(
        ...messages.map((message) => {
          const item = document.createElement('li');
          item.textContent = message.body;
          return item;
        }),
      );
    } catch {
      // Not a phone number yet: nothing to show.
    }
  }
  window.setInterval(showTexts, 3000);

  // Santa's scheduled calls ring the number typed in "Calling from", as they would ring that phone.
  let ringing = null;
  // Each answer, decline or ring-now starts a new round: a check asked before it answers about a
  // phone that has changed since (a declined call shown ringing again), so its answer is dropped.
  let round = 0;
  async function checkIncoming() {
    const to = els.from.value.trim();
    if (!to || call || busy) return;
    const asked = round;
    try {
      const { calls } = await api(`incoming?to=${encodeURIComponent(to)}`);
      if (asked !== round || call || busy) return;
      ringing = calls[0] || null;
      els.incoming.hidden = !ringing;
      if (ringing) els.incomingFrom.textContent = ringing.from;
    } catch {
      // Not a phone number yet: nothing rings.
    }
  }
  window.setInterval(checkIncoming, 1500);
  els.from.addEventListener('change', checkIncoming);

  els.ringNow.addEventListener('click', async () => {
    els.error.textContent = '';
    try {
      await api('ring-now', { to: els.from.value.trim() });
      round += 1;
      await checkIncoming();
    } catch (error) {
      els.error.textContent = error.message;
    }
  });

  els.answer.addEventListener('click', async () => {
    if (!ringing || call) return;
    const sid = ringing.call_sid;
    round += 1;
    ringing = null;
    els.incoming.hidden = true;
    els.error.textContent = '';
    els.log.querySelectorAll('.turn').forEach((node) => node.remove());
    shownTurns = 0;
    busy = true;
    try {
      const { state } = await api('answer', { call_sid: sid });
      busy = false;
      show(state);
      if (state.status === 'live') {
        startTicker();
        els.message.focus();
      }
    } catch (error) {
      busy = false;
      els.error.textContent = error.message;
    }
  });

  /**
   * The ringing call is left unanswered by the person (declined, or left to the voicemail box):
   * `leave` tells the app and answers the status line to show.
   */
  async function leaveRinging(leave) {
    if (!ringing) return;
    const sid = ringing.call_sid;
    round += 1;
    ringing = null;
    els.incoming.hidden = true;
    busy = true;
    try {
      els.status.textContent = await leave(sid);
    } catch (error) {
      els.error.textContent = error.message;
    } finally {
      busy = false;
    }
  }

  els.decline.addEventListener('click', () =>
    leaveRinging(async (sid) => {
      await api('decline', { call_sid: sid });
      return 'Call declined';
    }),
  );
  // Nobody picks up: the voicemail box answers, and shows what Santa left on it.
  els.voicemail.addEventListener('click', () =>
    leaveRinging(async (sid) => {
      const { recorded } = await api('voicemail', { call_sid: sid });
      return recorded ? `Voicemail: "${recorded}"` : 'Voicemail: nothing was left';
    }),
  );
  els.from.addEventListener('change', showTexts);
})();
