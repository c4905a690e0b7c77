import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser } from 'mailparser';
import { E2E_DATA_DIR } from '../playwright.config';

/**
 * The e2e server has no SMTP: it writes every message as an .eml file into DATA_DIR/outbox
 * (playwright.config.ts: DATA_DIR=E2E_DATA_DIR, .e2e-data in lane 0). Tests read codes, links and temporary passwords there.
 */
const OUTBOX = path.resolve(E2E_DATA_DIR, 'outbox');

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const files = async () => (await readdir(OUTBOX).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));

/** The messages already there: `nextMail` waits for one that is not. */
export async function outboxMark(): Promise<Set<string>> {
  return new Set(await files());
}

/** Waits for a new message to `to` (written after `mark` was taken) and parses it. */
export async function nextMail(to: string, mark: Set<string>): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        for (const f of (await files()).filter((x) => !mark.has(x)).sort()) {
          const parsed = await simpleParser(await readFile(path.join(OUTBOX, f)));
          const address = Array.isArray(parsed.to) ? parsed.to.map((a) => a.text).join(',') : (parsed.to?.text ?? '');
          if (address.toLowerCase().includes(to.toLowerCase())) found = { to: address, subject: parsed.subject ?? '', text: parsed.text ?? '' };
        }
        return found !== undefined;
      },
      { message: `a mail to ${to} in ${OUTBOX}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit sign-up code: a line of its own. */
export function codeIn(mail: Mail): string {
  const code = /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
  expect(code, `a code in: ${mail.text}`).toBeTruthy();
  return code!;
}

/** "Temporary password: …" (임시 비밀번호: … in Korean mail). */
export function temporaryPasswordIn(mail: Mail): string {
  const pw = /(?:Temporary password|임시 비밀번호):\s*(\S+)/.exec(mail.text)?.[1];
  expect(pw, `a temporary password in: ${mail.text}`).toBeTruthy();
  return pw!;
}

/** The invitation link's path, /auth?invitation=<hash>. */
export function invitationPathIn(mail: Mail): string {
  const link = /\/auth\?invitation=[\w%-]+/.exec(mail.text)?.[0];
  expect(link, `an invitation link in: ${mail.text}`).toBeTruthy();
  return link!;
}
