import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { SmsConfig, SmsSender } from './types';

/** Like the mail outbox: each message is a file in DATA_DIR/sms-outbox and a log line, so a fresh start can complete an SMS verification. */
export function createOutboxSmsSender(config: Extract<SmsConfig, { kind: 'outbox' }>, log: (line: string) => void): SmsSender {
  return {
    async send(to, text) {
      await mkdir(config.dir, { recursive: true });
      const file = path.join(config.dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${to.replace(/[^\d+]/g, '')}.txt`);
      await writeFile(file, `To: ${to}\n\n${text}\n`);
      log(`SMS to ${to} written to ${file}`);
    },
  };
}
