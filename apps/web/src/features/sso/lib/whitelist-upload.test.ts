import { afterEach, describe, expect, it } from 'vitest';
import { summarizeWhitelistUpload, whitelistUploadStore } from './whitelist-upload';

afterEach(() => whitelistUploadStore.clear());

describe('whitelist upload store', () => {
  it('sends batches one at a time and keeps their states (success, warning, failed) until cleared', async () => {
    const sent: string[][] = [];
    let call = 0;
    const deps = {
      async send(emails: string[]) {
        sent.push(emails);
        call++;
        if (call === 2) throw new Error('network');
        return { created: call === 3 ? emails.length - 1 : emails.length, existing: call === 3 ? 1 : 0 };
      },
      onBatchDone: () => undefined,
    };
    const emails = Array.from({ length: 5 }, (_, i) => `e${i}@corp.test`);
    await whitelistUploadStore.start('list.csv', emails, 2, deps);
    expect(sent).toEqual([emails.slice(0, 2), emails.slice(2, 4), emails.slice(4)]);
    const u = whitelistUploadStore.get()!;
    expect(u.batches.map((b) => b.state)).toEqual(['success', 'failed', 'warning']);
    expect(summarizeWhitelistUpload(u)).toMatchObject({ total: 5, created: 2, existing: 1, failed: 1, running: false, percent: 100 });

    await whitelistUploadStore.retry(deps);
    expect(whitelistUploadStore.get()!.batches.map((b) => b.state)).toEqual(['success', 'success', 'warning']);
    expect(sent[3]).toEqual(emails.slice(2, 4));
  });
});
