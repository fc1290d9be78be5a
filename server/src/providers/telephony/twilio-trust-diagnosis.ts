import type twilio from 'twilio';
import { ok, unreachable, warning, type Finding } from '../diagnosis.ts';

/**
 * Voice geo permissions: Santa rings families only in the countries the app sells in, and every
 * other country stays off (toll fraud dials expensive destinations through a leaked account).
 */
export async function geoPermissionFindings(client: twilio.Twilio, countries: string[]): Promise<Finding[]> {
  const fix = (what: string) =>
    `In the Twilio console, Voice → Settings → Geo permissions: ${what}, then save.`;
  try {
    const permissions = await Promise.all(
      countries.map((iso) => client.voice.v1.dialingPermissions.countries(iso).fetch()),
    );
    const closed = permissions.filter((country) => !country.lowRiskNumbersEnabled).map((c) => c.isoCode);
    const risky = permissions
      .filter((country) => country.highRiskTollfraudNumbersEnabled || country.highRiskSpecialNumbersEnabled)
      .map((c) => c.isoCode);
    if (closed.length > 0)
      return [
        warning(
          'voice geo permissions',
          `calls to ${closed.join(', ')} are not allowed`,
          fix(`allow ${closed.join(', ')}`),
        ),
      ];
    if (risky.length > 0)
      return [
        warning(
          'voice geo permissions',
          `high-risk numbers of ${risky.join(', ')} are allowed`,
          fix(`turn off the high-risk special and toll-fraud numbers of ${risky.join(', ')}`),
        ),
      ];
    return [ok('voice geo permissions', `${countries.join(', ')} allowed, high-risk numbers off`)];
  } catch (error) {
    return [
      {
        ...unreachable('voice geo permissions', error, fix(`allow ${countries.join(', ')}`)),
        severity: 'warning',
      },
    ];
  }
}

/**
 * SHAKEN/STIR: the numbers Santa calls from belong to an approved Trust Hub trust product, so
 * carriers sign his calls with attestation A; otherwise they arrive signed B or C and are often
 * labelled "spam likely" (Trust Hub vetting takes about 24 h, then the trust product about 72 h).
 */
export async function shakenStirFindings(
  client: twilio.Twilio,
  hotlineSid: string | undefined,
): Promise<Finding[]> {
  const fix =
    'In the Twilio console, Trust Hub: get a Business Profile approved, create a SHAKEN/STIR trust product, add the hotline and the dedicated numbers to it and submit it (about 24 h, then about 72 h).';
  if (!hotlineSid) return [];
  try {
    const products = await client.trusthub.v1.trustProducts.list({ status: 'twilio-approved', pageSize: 50 });
    for (const product of products) {
      const endpoints = await client.trusthub.v1
        .trustProducts(product.sid)
        .trustProductsChannelEndpointAssignment.list({
          channelEndpointSid: hotlineSid,
          pageSize: 1,
        });
      if (endpoints.length > 0)
        return [ok('SHAKEN/STIR', `the hotline is in approved trust product ${product.sid}`)];
    }
    return [
      warning('SHAKEN/STIR', 'the hotline is in no approved trust product: calls are signed B or C', fix),
    ];
  } catch (error) {
    return [{ ...unreachable('SHAKEN/STIR', error, fix), severity: 'warning' }];
  }
}
