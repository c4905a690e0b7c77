import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChatEvent } from '@app/contracts/chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../../../../../tools/fake-llm/server';
import { streamChat, textOf } from '../../../test/chat-client';
import { buildTestApp, type TestApp } from '../../../test/test-app';

// The code interpreter end to end: the app built from its configuration (`CODE_INTERPRETER_*`, the
// sandbox started at the first run), the model scripted to call the tool on an attached CSV, the
// real Pyodide sandbox running the code, and the file it writes kept as a file of the session.
let fake: FakeLlm;
let t: TestApp;
let token: string;
let bot: number;

function csvUpload(name: string, text: string) {
  const boundary = `----b${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(text),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const ofType = <T extends ChatEvent['type']>(events: ChatEvent[], type: T) => events.filter((e): e is Extract<ChatEvent, { type: T }> => e.type === type);

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'Plain answer.', tokenDelayMs: 1 } });
  t = await buildTestApp({
    providers: { openaiCompatible: { baseUrl: fake.url, models: ['fake-model'] } },
    config: {
      storage: { kind: 'local', dir: mkdtempSync(path.join(tmpdir(), 'sandbox-files-')) },
      codeInterpreter: {
        timeoutSeconds: 20,
        memoryMb: 128,
        maxOutputBytes: 64 * 1024,
        maxOutputFiles: 5,
        maxOutputFileBytes: 1024 * 1024,
        maxConcurrent: 1,
        wheelsDir: null,
        warmSpares: 0,
        networkNamespace: 'off',
      },
    },
  });
  token = await t.signIn(t.a, t.a.member.email);
  bot = (await t.call(t.a, token, { method: 'POST', url: '/api/chatbots/' })).json().id as number;
  const set = await t.call(t.a, token, { method: 'PATCH', url: `/api/chatbots/${bot}/`, payload: { tools: ['code_interpreter'] } });
  expect(set.statusCode, set.body).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('the code interpreter in a chat', () => {
  it('is offered by the configured platform, sums an attached CSV in the sandbox and returns the CSV it wrote', async () => {
    const tools = (await t.call(t.a, token, { method: 'GET', url: '/api/tools/' })).json() as { items: Array<{ tool: string; is_available: boolean }> };
    expect(tools.items.find((i) => i.tool === 'code_interpreter')).toEqual({ tool: 'code_interpreter', is_available: true, reason: null });

    const up = await t.call(t.a, token, { method: 'POST', url: '/api/files/', ...csvUpload('sales.csv', 'region,amount\nSeoul,120\nBusan,80\nSeoul,100\n') });
    expect(up.statusCode, up.body).toBe(200);
    await t.built.jobs.filesParsed();
    const fileId = up.json().items[0].id as number;
    const code = [
      'import csv',
      'rows = list(csv.DictReader(open("sales.csv")))',
      'totals = {}',
      'for r in rows: totals[r["region"]] = totals.get(r["region"], 0) + int(r["amount"])',
      'with open("totals.csv", "w", newline="") as f:',
      '    w = csv.writer(f); w.writerow(["region", "total"]); [w.writerow([k, v]) for k, v in sorted(totals.items())]',
      'print("regions", len(totals), "sum", sum(totals.values()))',
    ].join('\n');
    fake.set({ script: [{ text: 'Let me add it up.', toolCalls: [{ name: 'code_interpreter', arguments: { code } }] }, { text: 'Seoul leads with 220.' }] });

    const r = await streamChat(t, t.a, token, bot, { text: 'Total per region?', file_ids: [fileId] });
    expect(r.status).toBe(200);
    const result = ofType(r.events, 'tool_result')[0]!;
    expect(result.status, result.output).toBe('done');
    expect(result.output).toContain('regions 2 sum 300');
    expect(result.files).toEqual([expect.objectContaining({ name: 'totals.csv', type: 'text/csv' })]);
    expect(textOf(r.events)).toBe('Let me add it up.Seoul leads with 220.');

    // The file is the member's, downloadable, with what the code wrote.
    const meta = await t.call(t.a, token, { method: 'GET', url: `/api/files/${result.files[0]!.id}/` });
    expect(meta.statusCode, meta.body).toBe(200);
    const download = await t.call(t.a, token, { method: 'GET', url: new URL(result.files[0]!.url, 'http://x').pathname + new URL(result.files[0]!.url, 'http://x').search });
    expect(download.statusCode).toBe(200);
    expect(download.body.replace(/\r/g, '')).toBe('region,total\nBusan,80\nSeoul,220\n');
    // What the model read next: the printed output, in the tool message.
    const second = fake.requests[1] as { messages: Array<{ role: string; content: unknown }> };
    expect(String(second.messages.find((m) => m.role === 'tool')!.content)).toContain('regions 2 sum 300');
  }, 90_000);
});
