import type twilio from 'twilio';
import { phoneForRecognition } from '../../phone-numbers.ts';
import { fatal, ok, unreachable, warning, type DiagnosisContext, type Finding } from '../diagnosis.ts';
import { DEDICATED_NUMBER_PREFIX, twilioWebhookUrls } from './telephony.ts';
import type { NumberPurchaseSettings } from './twilio-number-purchase.ts';
import { geoPermissionFindings, shakenStirFindings } from './twilio-trust-diagnosis.ts';

/** The part of Twilio's IncomingPhoneNumber these checks read. */
interface OwnedNumber {
  sid: string;
  phoneNumber: string;
  friendlyName: string;
  voiceUrl: string | null;
  voiceMethod: string | null;
  voiceFallbackUrl: string | null;
  voiceFallbackMethod: string | null;
  statusCallback: string | null;
  statusCallbackMethod: string | null;
}

type Expected = ReturnType<typeof twilioWebhookUrls>;

/** What the account is checked against: the hotline, where numbers are bought, where Santa calls. */
export interface TwilioSetup {
  hotlineNumber: string;
  purchase: NumberPurchaseSettings;
  /** PHONE_COUNTRIES: the voice geo permissions these need. */
  callCountries: string[];
}

/** Each webhook a number of ours needs, named as the Twilio console names its field. */
const HOOKS = [
  {
    check: 'voice webhook',
    field: 'A call comes in',
    severity: 'fatal',
    url: (n: OwnedNumber) => n.voiceUrl,
    method: (n: OwnedNumber) => n.voiceMethod,
    expected: (e: Expected) => e.voiceUrl,
  },
  {
    check: 'status callback',
    field: 'Call status changes',
    severity: 'fatal',
    url: (n: OwnedNumber) => n.statusCallback,
    method: (n: OwnedNumber) => n.statusCallbackMethod,
    expected: (e: Expected) => e.statusCallbackUrl,
  },
  {
    // Without it a failing app leaves callers with Twilio's "application error" message.
    check: 'fallback webhook',
    field: 'Primary handler fails',
    severity: 'warning',
    url: (n: OwnedNumber) => n.voiceFallbackUrl,
    method: (n: OwnedNumber) => n.voiceFallbackMethod,
    expected: (e: Expected) => e.voiceFallbackUrl,
  },
] as const;

type Hook = (typeof HOOKS)[number];

const CREDENTIALS_FIX =
  'Check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN against the Twilio console (Account → API keys & tokens).';

const matches = (hook: Hook, number: OwnedNumber, expected: Expected) =>
  hook.url(number) === hook.expected(expected) && (hook.method(number) ?? '').toUpperCase() === 'POST';

const current = (hook: Hook, number: OwnedNumber) =>
  hook.url(number) ? `${hook.method(number) ?? 'POST'} ${hook.url(number)}` : 'not set';

function problem(hook: Hook, check: string, detail: string, fix: string): Finding {
  return hook.severity === 'fatal' ? fatal(check, detail, fix) : warning(check, detail, fix);
}

function accountFinding(account: { friendlyName: string; status: string; type: string }): Finding {
  const name = `"${account.friendlyName}"`;
  if (account.status !== 'active') {
    return fatal(
      'account',
      `${name} is ${account.status}`,
      'Reactivate the account in the Twilio console, or set TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN to an active one.',
    );
  }
  if (account.type === 'Trial') {
    return warning(
      'account',
      `${name} is a trial account`,
      'Upgrade the account in the Twilio console (Admin → Account billing → Upgrade): a trial account ' +
        'plays a trial notice to every caller, can own only one number and texts only verified phones.',
    );
  }
  return ok('account', `${name}, ${account.type.toLowerCase()} account, active`);
}

function purchaseFinding(settings: NumberPurchaseSettings): Finding {
  if (settings.country === 'GB' && !(settings.bundleSid && settings.addressSid)) {
    return fatal(
      'number purchase',
      'TWILIO_NUMBER_COUNTRY=GB without both TWILIO_BUNDLE_SID and TWILIO_ADDRESS_SID',
      'In the Twilio console (Phone Numbers → Regulatory Compliance), create an approved UK bundle ' +
        'and its address, then set TWILIO_BUNDLE_SID and TWILIO_ADDRESS_SID to their SIDs.',
    );
  }
  const extras = [
    settings.bundleSid && `bundle ${settings.bundleSid}`,
    settings.addressSid && `address ${settings.addressSid}`,
  ];
  const named = extras.filter(Boolean).join(', ');
  return ok('number purchase', `local ${settings.country} voice numbers${named ? `, with ${named}` : ''}`);
}

function hotlineFindings(numbers: OwnedNumber[], hotline: string, expected: Expected): Finding[] {
  const number = numbers.find((n) => n.phoneNumber === hotline);
  if (!number) {
    return [
      fatal(
        'hotline number',
        `${hotline} is not a number of this account`,
        'Set SANTA_HOTLINE_NUMBER to a number this Twilio account owns (Twilio console → Phone Numbers ' +
          '→ Manage → Active numbers), or buy one there.',
      ),
    ];
  }
  return [
    ok('hotline number', `${hotline} belongs to this account`),
    ...HOOKS.map((hook) =>
      matches(hook, number, expected)
        ? ok(`hotline ${hook.check}`, current(hook, number))
        : problem(
            hook,
            `hotline ${hook.check}`,
            `${current(hook, number)}, expected POST ${hook.expected(expected)}`,
            `In the Twilio console, open ${hotline} (Phone Numbers → Manage → Active numbers) and set ` +
              `"${hook.field}" to HTTP POST ${hook.expected(expected)}.`,
          ),
    ),
  ];
}

/** The numbers bought for families: many, so each webhook is one finding naming a few of them. */
function dedicatedFindings(numbers: OwnedNumber[], hotline: string, expected: Expected): Finding[] {
  const ours = numbers.filter(
    (n) => n.friendlyName.startsWith(DEDICATED_NUMBER_PREFIX) && n.phoneNumber !== hotline,
  );
  if (ours.length === 0) return [ok('dedicated numbers', 'none bought yet')];
  const findings: Finding[] = [];
  for (const hook of HOOKS) {
    const wrong = ours.filter((n) => !matches(hook, n, expected));
    if (wrong.length === 0) continue;
    const shown = wrong.slice(0, 5).map((n) => n.phoneNumber);
    const more = wrong.length > shown.length ? ` and ${wrong.length - shown.length} more` : '';
    findings.push(
      problem(
        hook,
        `dedicated numbers' ${hook.check}`,
        `${wrong.length} of ${ours.length} differ (${wrong[0]!.phoneNumber}: ${current(hook, wrong[0]!)})`,
        `In the Twilio console, set "${hook.field}" to HTTP POST ${hook.expected(expected)} on ` +
          `${shown.join(', ')}${more}.`,
      ),
    );
  }
  return findings.length > 0
    ? findings
    : [ok('dedicated numbers', `${ours.length}, each with the voice, status and fallback webhooks`)];
}

async function diagnoseAccount(
  client: twilio.Twilio,
  setup: TwilioSetup,
  context: DiagnosisContext,
): Promise<Finding[]> {
  let account;
  try {
    account = await client.api.v2010.account.fetch();
  } catch (error) {
    // Nothing else can be read without the account.
    return [unreachable('account', error, CREDENTIALS_FIX)];
  }
  const findings = [accountFinding(account), purchaseFinding(setup.purchase)];
  let numbers: OwnedNumber[];
  try {
    numbers = await client.incomingPhoneNumbers.list({ pageSize: 1000 });
  } catch (error) {
    return [...findings, unreachable('phone numbers', error, CREDENTIALS_FIX)];
  }
  const expected = twilioWebhookUrls(context.publicUrl);
  // SANTA_HOTLINE_NUMBER may be written with spaces or brackets; Twilio lists E.164.
  const hotline = phoneForRecognition(setup.hotlineNumber);
  const hotlineSid = numbers.find((n) => n.phoneNumber === hotline)?.sid;
  return [
    ...findings,
    ...hotlineFindings(numbers, hotline, expected),
    ...dedicatedFindings(numbers, hotline, expected),
    ...(await geoPermissionFindings(client, setup.callCountries)),
    ...(await shakenStirFindings(client, hotlineSid)),
  ];
}

/**
 * Is the Twilio account set up as the app needs it: reachable and paid for, the hotline owned,
 * and every number of ours pointing its webhooks at this app?
 */
export async function diagnoseTwilio(
  client: twilio.Twilio,
  setup: TwilioSetup,
  context: DiagnosisContext,
): Promise<Finding[]> {
  try {
    return await diagnoseAccount(client, setup, context);
  } catch (error) {
    // An answer of a shape we did not expect: still a finding, never a crash of the doctor.
    return [unreachable('twilio', error, CREDENTIALS_FIX)];
  }
}
