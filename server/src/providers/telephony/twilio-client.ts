import twilio from 'twilio';
import { VENDOR_TIMEOUTS } from '../vendor-timeouts.ts';

/** Rewrites the origin of each request the SDK makes, keeping path, query, auth and body. */
class RedirectingRequestClient extends twilio.RequestClient {
  constructor(private readonly baseUrl: string) {
    super({ timeout: VENDOR_TIMEOUTS.requestMs });
  }

  override request<TData>(opts: Parameters<twilio.RequestClient['request']>[0] & { data?: TData }) {
    const original = new URL(opts.uri);
    const target = new URL(`${original.pathname}${original.search}`, this.baseUrl);
    return super.request({ ...opts, uri: target.href });
  }
}

export interface TwilioCredentials {
  accountSid: string;
  authToken: string;
  /** Tests send every API request (api., verify. and the other hosts) to a local server. */
  apiBaseUrl?: string;
}

/** The official SDK's client with our timeouts, pointed at a local fake when a test asks. */
export function createTwilioClient(credentials: TwilioCredentials): twilio.Twilio {
  return twilio(credentials.accountSid, credentials.authToken, {
    timeout: VENDOR_TIMEOUTS.requestMs,
    ...(credentials.apiBaseUrl ? { httpClient: new RedirectingRequestClient(credentials.apiBaseUrl) } : {}),
  });
}
