import twilio from 'twilio';
import type { PurchaseNumberOptions, PurchasedNumber } from './telephony.ts';

/** The countries dedicated numbers can be bought in (TWILIO_NUMBER_COUNTRY). */
export type NumberCountry = 'US' | 'CA' | 'GB';

export interface NumberPurchaseSettings {
  country: NumberCountry;
  /** Regulatory bundle and address named in the purchase; UK numbers cannot be bought without. */
  bundleSid?: string;
  addressSid?: string;
}

/** Numbers offered per search: enough to outlast a few buyers racing us for the same ones. */
export const CANDIDATES_PER_SEARCH = 5;
/** The first search, and one more once all its candidates were taken. */
const SEARCHES = 2;

/** Twilio offered nothing we could buy, after every candidate of every search was tried. */
export class NoNumbersAvailableError extends Error {}

/** Twilio refused the purchase for a reason of the account, which no other number would change. */
export class NumberPurchaseRefusedError extends Error {
  constructor(
    message: string,
    readonly twilioCode: number | undefined,
  ) {
    super(message);
  }
}

/**
 * Refusals that are the account's, not the number's, with what the operator must do. Retrying
 * another number would only repeat them (and a trial account has its one number already).
 */
const ACCOUNT_REFUSALS: Record<number, string> = {
  20003: 'Check TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN.',
  20008: 'Test credentials cannot buy numbers: use the live Account SID and Auth Token.',
  21404: 'A trial account can own only one number: upgrade the account in the Twilio console.',
  21631: 'Numbers in this country need an address: set TWILIO_ADDRESS_SID.',
  21649: 'The regulatory bundle is not approved yet: check TWILIO_BUNDLE_SID in the Twilio console.',
};

type Verdict = 'taken' | 'refused' | 'other';

/** What a failed purchase says about the next candidate. */
function judge(error: unknown): Verdict {
  if (!(error instanceof twilio.RestException)) return 'other';
  if (error.code !== undefined && error.code in ACCOUNT_REFUSALS) return 'refused';
  if (error.status === 401 || error.status === 403) return 'refused';
  // A 4xx about this one number (21422 "not available", 404, 409…): another number may do.
  if (error.status >= 400 && error.status < 500 && error.status !== 429) return 'taken';
  // Twilio down or throttling us: the caller's retry (Stripe redelivers) is the better wait.
  return 'other';
}

function refusal(error: InstanceType<typeof twilio.RestException>): NumberPurchaseRefusedError {
  const fix = (error.code !== undefined && ACCOUNT_REFUSALS[error.code]) || 'Check the Twilio account.';
  const code = error.code !== undefined ? ` (Twilio error ${error.code})` : '';
  return new NumberPurchaseRefusedError(
    `Twilio refused to sell a number${code}: ${error.message}. ${fix}`,
    error.code,
  );
}

/**
 * Buys a local voice number. Between our search and our purchase another buyer may take a
 * number, so several candidates are tried in turn, and the search is made once more when all
 * were taken.
 */
export async function purchaseLocalNumber(
  client: twilio.Twilio,
  settings: NumberPurchaseSettings,
  options: PurchaseNumberOptions,
): Promise<PurchasedNumber> {
  const tried = new Set<string>();
  let lastTaken: unknown;
  for (let search = 0; search < SEARCHES; search++) {
    const candidates = await client.availablePhoneNumbers(settings.country).local.list({
      voiceEnabled: true,
      // Without an address of ours, numbers needing one could never be bought.
      ...(settings.addressSid ? {} : { excludeAllAddressRequired: true }),
      limit: CANDIDATES_PER_SEARCH,
    });
    const fresh = candidates.map((c) => c.phoneNumber).filter((number) => !tried.has(number));
    if (fresh.length === 0) break;
    for (const phoneNumber of fresh) {
      tried.add(phoneNumber);
      try {
        const bought = await client.incomingPhoneNumbers.create({
          phoneNumber,
          voiceUrl: options.voiceUrl,
          voiceMethod: 'POST',
          voiceFallbackUrl: options.voiceFallbackUrl,
          voiceFallbackMethod: 'POST',
          statusCallback: options.statusCallbackUrl,
          statusCallbackMethod: 'POST',
          friendlyName: options.friendlyName,
          ...(settings.bundleSid ? { bundleSid: settings.bundleSid } : {}),
          ...(settings.addressSid ? { addressSid: settings.addressSid } : {}),
        });
        return { phoneNumber: bought.phoneNumber, sid: bought.sid };
      } catch (error) {
        const verdict = judge(error);
        if (verdict === 'refused') throw refusal(error as InstanceType<typeof twilio.RestException>);
        if (verdict === 'other') throw error;
        lastTaken = error;
      }
    }
  }
  const why = lastTaken instanceof Error ? ` (last answer: ${lastTaken.message})` : '';
  throw new NoNumbersAvailableError(
    tried.size === 0
      ? `Twilio has no local ${settings.country} voice numbers available`
      : `Could not buy any of ${tried.size} local ${settings.country} numbers${why}`,
  );
}
