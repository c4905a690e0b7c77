import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { AppError } from '../../platform/errors';
import type { MailConfig, Mailer } from './types';

/** No SMTP configured: each message is rendered by nodemailer into an `.eml` file in the outbox folder, and its path logged. */
export function createOutboxMailer(config: Extract<MailConfig, { kind: 'outbox' }>, log: (line: string) => void): Mailer {
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
