import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { AppError } from './errors';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends one message, or throws `mail_failed` (424): the caller then leaves nothing half-made. */
  send(message: MailMessage): Promise<void>;
  /** Closes pooled SMTP connections (the app's shutdown): an idle pooled connection would keep the server waiting. */
  close(): void;
}

export type MailConfig =
  /** A real SMTP server (`SMTP_URL`, e.g. `smtp://user:pass@mail.example.com:587`). */
  | { kind: 'smtp'; url: string; from: string }
  /** No SMTP configured: every message becomes an `.eml` file in `dir` and its path is logged. */
  | { kind: 'outbox'; dir: string; from: string };

/**
 * Reuses SMTP connections (nodemailer's pool, up to 5): a bulk invite sends thousands of messages,
 * and a connection per message costs a handshake each. `pool=false` in `SMTP_URL` turns it off.
 */
function pooled(url: string): string {
  const u = new URL(url);
  if (!u.searchParams.has('pool')) u.searchParams.set('pool', 'true');
  return u.toString();
}

/**
 * Mail through nodemailer: SMTP when configured, else an outbox folder, so a fresh `npm start`
 * can complete every flow that sends mail (the code, the invitation, the temporary password).
 */
export function createMailer(config: MailConfig, log: (line: string) => void): Mailer {
  if (config.kind === 'smtp') {
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
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      try {
        const info = await transport.sendMail({ from: config.from, to: m.to, subject: m.subject, text: m.text, html: m.html });
        await mkdir(config.dir, { recursive: true });
        const file = path.join(config.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
        await writeFile(file, info.message as Buffer);
        log(`mail to ${m.to} ("${m.subject}") written to ${file}`);
      } catch (err) {
        log(`mail to ${m.to} failed: ${(err as Error).message}`);
        throw new AppError('mail_failed');
      }
    },
    close: () => undefined,
  };
}
