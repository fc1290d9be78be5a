/**
 * The inbound Twilio webhook under load (calls issue): 10 000 parents with profiles and minutes,
 * concurrent callers dialling the hotline from their own numbers, every request signed as Twilio
 * signs. The voice engine is the sandbox, so its registerCall is an in-process insert.
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
    insert into subscriptions (user_id, plan, status, minutes_limit, minutes_used)
      select id, 'subscription_12month', 'active', 1000000, 0 from users where email like 'bench-%';
    analyze;
  `);
  const { rows } = await db.query<{ parent_phone: string }>('select parent_phone from kid_profiles');
  return rows.map((row) => row.parent_phone);
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
  };
}
