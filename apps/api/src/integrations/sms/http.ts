import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsConfig } from '../../config';
import { AppError } from '../../platform/errors';

/** Sends a text message; throws `sms_failed` (424) when the provider refuses or cannot be reached. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/**
 * SMS behind one interface (decision 039). `http`: a JSON POST `{to, from, text}` with a bearer key,
 * the shape most SMS gateways take (a thin relay adapts others); any 2xx is sent. `outbox`: like the
 * mail outbox, each message is a file in DATA_DIR/sms-outbox and a log line, so a fresh start can
 * complete an SMS verification.
 */
export function createSmsSender(config: SmsConfig, log: (line: string) => void): SmsSender {
  if (config.kind === 'outbox') {
    return {
      async send(to, text) {
        await mkdir(config.dir, { recursive: true });
        const file = path.join(config.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${to.replace(/[^\d+]/g, '')}.txt`);
        await writeFile(file, `To: ${to}\n\n${text}\n`);
        log(`SMS to ${to} written to ${file}`);
      },
    };
  }
  return {
    async send(to, text) {
      let res: Response;
      try {
        res = await fetch(config.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}) },
          body: JSON.stringify({ to, from: config.sender ?? undefined, text }),
          signal: AbortSignal.timeout(10_000),
        });
      } catch {
        throw new AppError('sms_failed');
      }
      if (!res.ok) throw new AppError('sms_failed', undefined, { status: res.status });
    },
  };
}
