import helmet from 'helmet';

/** Helmet defaults plus a strict CSP for the SPA. */
export function securityHeaders(options: { https: boolean }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://*.googleusercontent.com'],
        mediaSrc: ["'self'", 'blob:'],
        // Browser calls talk to ElevenLabs' agent over its conversation WebSocket (decision 0035).
        connectSrc: ["'self'", 'wss://api.elevenlabs.io', 'https://api.elevenlabs.io'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com', 'https://accounts.google.com'],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // The SPA loads avatars from Google; COEP would block them.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: options.https,
  });
}
