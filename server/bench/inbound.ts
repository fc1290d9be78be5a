import { PRIVACY_NOTICE_VERSION } from '@santa/shared/privacy';
/**
 * The inbound Twilio webhook under load (calls issue): 10 000 parents with profiles and minutes,
 * concurrent callers dialling the hotline from their own numbers, every request signed as Twilio
 * signs. The voice engine is the sandbox, so its registerCall is a database insert. Each family
 * has the 12-month plan's 720 minutes, and a ringing call reserves all that is left, so the bench
 * hangs calls up behind the load (as Twilio's status callback would): otherwise a family's next
 * call would only hear "no minutes", a cheaper answer than the one being measured.
 */
import type { Db } from '../src/db/db.ts';
import type { InboundLoad } from './load.ts';

export const PROFILES = 10_000;

export async function seedProfiles(db: Db): Promise<string[]> {
  // Numbers +1 415 555 0000 … : valid, distinct, easy to regenerate.
  await db.exec(`
    insert into users (email, name)
      select 'bench-' || i || '@example.com', 'Parent ' || i from generate_series(1, ${PROFILES}) as i;
    insert into kid_profiles (user_id, parent_phone, kid_name, age, wish_list, santa_personality)
      select u.id, '+1415' || lpad((5550000 + row_number() over (order by u.email))::text, 7, '0'),
             'Kid', 7, 'a red bike', 'traditional'
      from users u where u.email like 'bench-%';
    -- Every family has verified its phone (only verified phones recognise a caller).
    insert into family_phones (phone, user_id) select parent_phone, user_id from kid_profiles;
    -- Every family agreed to the privacy notice with its profile.
    insert into privacy_consents (user_id, notice_version, method)
      select user_id, '${PRIVACY_NOTICE_VERSION}', 'profile_form' from kid_profiles;
    -- Passes Stripe bills, as every pass bought on the site is: a pass without a Stripe
    -- subscription is a redeemed gift, which the hourly gift upkeep looks after (decision 0022).
    insert into subscriptions
        (user_id, plan, status, seconds_limit, seconds_used, stripe_subscription_id, current_period_end)
      select id, 'subscription_12month', 'active', 720 * 60, 0, 'sub_bench_' || md5(id::text),
             now() + interval '300 days'
      from users where email like 'bench-%';
    -- Each family has already called once, as on a real Christmas Eve: the first round's query
    -- plans then see a table of ended calls, not an empty one that makes a scan look cheapest.
    insert into call_reservations
        (user_id, call_sid, plan, seconds_reserved, deadline, status, ended_at, seconds_billed, created_at)
      select user_id, 'CAseed' || md5(user_id::text), plan, 600, now() - interval '1 day', 'settled',
             now() - interval '1 day', 150, now() - interval '1 day'
      from subscriptions;
    update subscriptions set seconds_used = 150;
    analyze;
  `);
  const { rows } = await db.query<{ parent_phone: string }>('select parent_phone from kid_profiles');
  return rows.map((row) => row.parent_phone);
}

/**
 * What autovacuum does between rounds on a production database (this machine's Postgres runs with
 * it off): without it every round finds the previous rounds' ended calls still in the indexes, and
 * later rounds measure a database that only a bench could produce.
 */
export async function vacuumCallTables(db: Db): Promise<void> {
  await db.query('vacuum analyze call_reservations, sandbox_voice_conversations, subscriptions');
}

/** Ends every call that has been answered so far, without charge; stop it with the returned function. */
export function hangUpCallsContinuously(db: Db, everyMs = 100): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(() =>
      db.query(`update call_reservations set status = 'closed', seconds_billed = 0 where status = 'open'`),
    );
  }, everyMs);
  return async () => {
    clearInterval(timer);
    await running;
  };
}

export async function inboundLoad(ctx: {
  base: string;
  db: Db;
  publicUrl: string;
  twilioAuthToken: string;
  hotline: string;
}): Promise<InboundLoad> {
  const path = '/api/voice/twilio/inbound';
  return {
    kind: 'inbound',
    base: ctx.base,
    path,
    signedUrl: `${ctx.publicUrl}${path}`,
    authToken: ctx.twilioAuthToken,
    hotline: ctx.hotline,
    phones: await seedProfiles(ctx.db),
    // Santa answered: the sandbox engine's Connect/Stream TwiML, not a spoken refusal.
    answerContains: '<Connect>',
  };
}
