/**
 * The inbound Twilio webhook under load (calls issue): 10 000 parents with profiles and minutes,
 * 50 concurrent callers dialling the hotline from their own numbers, every request signed as
 * Twilio signs. The voice engine is the sandbox, so its registerCall is an in-process insert.
 */
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import type { Db } from '../src/db/db.ts';
import type { Providers } from '../src/providers/providers.ts';
import { SandboxTelephony } from '../src/providers/telephony/sandbox-telephony.ts';

const PROFILES = 10_000;

export async function seedProfiles(db: Db): Promise<string[]> {
  // Numbers +1 415 555 0000 … : valid, distinct, easy to regenerate.
  await db.exec(`
    insert into users (email, name)
      select 'bench-' || i || '@example.com', 'Parent ' || i from generate_series(1, ${PROFILES}) as i;
    insert into kid_profiles (user_id, parent_phone, kid_name, age, wish_list, santa_personality)
      select u.id, '+1415' || lpad((5550000 + row_number() over (order by u.email))::text, 7, '0'),
             'Kid', 7, 'a red bike', 'traditional'
      from users u where u.email like 'bench-%';
    insert into subscriptions (user_id, plan, status, minutes_limit, minutes_used)
      select id, 'subscription_12month', 'active', 1000000, 0 from users where email like 'bench-%';
  `);
  const { rows } = await db.query<{ parent_phone: string }>('select parent_phone from kid_profiles');
  return rows.map((row) => row.parent_phone);
}

export async function benchInbound(ctx: {
  base: string;
  db: Db;
  providers: Providers;
  publicUrl: string;
  connections: number;
  duration: number;
}) {
  const telephony = ctx.providers.telephony;
  if (!(telephony instanceof SandboxTelephony))
    throw new Error('the inbound benchmark needs the Twilio sandbox');
  const phones = await seedProfiles(ctx.db);
  const path = '/api/voice/twilio/inbound';
  const signedUrl = `${ctx.publicUrl}${path}`;
  let n = 0;
  const request = () => {
    n += 1;
    const params = {
      AccountSid: 'ACbench',
      CallSid: `CA${randomBytes(16).toString('hex')}`,
      From: phones[n % phones.length]!,
      To: telephony.hotlineNumber,
      Direction: 'inbound',
      CallStatus: 'ringing',
    };
    return {
      method: 'POST',
      path,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': telephony.sign(signedUrl, params),
      },
      body: new URLSearchParams(params).toString(),
    };
  };
  const run = (duration: number) =>
    autocannon({
      url: ctx.base,
      connections: ctx.connections,
      duration,
      requests: [{ setupRequest: request }],
    });
  await run(2);
  const result = await run(ctx.duration);
  return {
    name: `POST ${path} (${PROFILES} profiles)`,
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}
