import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers on every response (issue 22 §5), from the maintained plugin. The web app is
 * built by Vite into module scripts and stylesheets of its own origin, so scripts run only from
 * 'self' (no inline script); Mantine sets inline styles, which CSP cannot tell from its own. Images
 * come from the platform (files, avatars), data/blob URLs, or, for an image in a model's answer
 * that the member chose to load (the markdown renderer fetches none by itself), any HTTPS host.
 * The app may not be framed (clickjacking).
 *
 * `paymentOrigin`: where Payple's payment window comes from when it is configured (decision 032):
 * its script, the frame it opens over the page, the calls it makes and the forms it posts.
 */
export async function registerSecurityHeaders(app: FastifyInstance, opts: { paymentOrigin?: string | null } = {}): Promise<void> {
  const pay = opts.paymentOrigin ? [opts.paymentOrigin] : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...pay],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...pay],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", ...pay],
        frameAncestors: ["'none'"],
        frameSrc: pay.length > 0 ? pay : ["'none'"],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
      },
    },
    // Answers stream over fetch from the same origin; nothing is embedded cross-origin.
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    frameguard: { action: 'deny' },
    // Sent below, only on requests that came over HTTPS.
    strictTransportSecurity: false,
  });
  // HSTS on a plain-http answer is ignored by browsers and would pin a development host to HTTPS:
  // only when the request came over HTTPS, directly or as a trusted proxy says (`TRUST_PROXY`).
  app.addHook('onRequest', (req, reply, done) => {
    if (req.protocol === 'https') void reply.header('strict-transport-security', HSTS);
    done();
  });
}

/** A year, subdomains included (helmet's default value). */
export const HSTS = 'max-age=31536000; includeSubDomains';
