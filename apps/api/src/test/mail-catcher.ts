import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

export interface MailCatcher {
  /** `smtp://127.0.0.1:<port>` for `SMTP_URL`. */
  url: string;
  messages: CapturedMail[];
  /** The next message to `to` (already received or arriving within `timeoutMs`). */
  next(to: string, timeoutMs?: number): Promise<CapturedMail>;
  /** Addresses the server refuses (550), so a send fails as a real server makes it fail. */
  refuse: Set<string>;
  close(): Promise<void>;
}

/** A real SMTP server on loopback (smtp-server) that keeps what it receives, parsed (mailparser). */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CapturedMail[] = [];
  const taken = new Set<CapturedMail>();
  const waiters: Array<() => void> = [];
  const refuse = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (refuse.has(address.address.toLowerCase())) return cb(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
      cb();
    },
    onData(stream, _session, cb) {
      simpleParser(stream)
        .then((mail) => {
          const to = [mail.to].flat().flatMap((a) => (a ? a.value.map((v) => (v.address ?? '').toLowerCase()) : []));
          messages.push({ to, subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '' });
          waiters.splice(0).forEach((w) => w());
          cb();
        })
        .catch(cb);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse,
    async next(to, timeoutMs = 5000) {
      const want = to.toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => !taken.has(m) && m.to.includes(want));
        if (found) {
          taken.add(found);
          return found;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, left);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
