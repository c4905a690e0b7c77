import nodemailer from 'nodemailer';
import { AppError } from '../../platform/errors';
import type { MailConfig, Mailer } from './types';

/**
 * Reuses SMTP connections (nodemailer's pool, up to 5): a bulk invite sends thousands of messages,
 * and a connection per message costs a handshake each. `pool=false` in `SMTP_URL` turns it off.
 */
function pooled(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('pool')) u.searchParams.set('pool', 'true');
  return u.toString();
}

/** Mail through a real SMTP server (nodemailer). */
export function createSmtpMailer(config: Extract<MailConfig, { kind: 'smtp' }>, log: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport(pooled(config.url));
  return {
    async send(m) {
      try {
        await transport.sendMail({ from: config.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
      } catch (err) {
        log(`mail to ${m.to} failed: ${(err as Error).message}`);
        throw new AppError('mail_failed');
      }
    },
    close: () => transport.close(),
  };
}
