import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import iconv from 'iconv-lite';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { filePageUsage } from '../../db/schema/index';
import { withTenant } from '../../db/tenant-scope';
import { buildTestApp, type TestApp, type TestTenant } from '../../test/test-app';
import { createFilesService, type FilesService } from './files.service';
import { createStorage } from '../../integrations/storage/index';
import { declareSize, makeDocx, makeDocxOf, makePdf, makePng, makePptx, makeXlsx, makeXlsxRows, makeZip } from './test-fixtures';

// Files (issue 25): uploads, limits, parsing, signed links, expiry, knowledge documents and retrieval.
let t: TestApp;
let filesDir: string;
let member: string;
let other: string;
let bMember: string;
/** The chat's entry points, over the app's database and storage (what the chat module will call). */
let files: FilesService;

const LIMITS = { maxMb: 1, maxPages: 5, maxFilesPerMessage: 3, pagesPerDay: 12, expireHours: 1 };
/** Caps before inflating (decision 045), small enough for bombs made in a moment. */
const PARSING = { maxEntryMb: 4, maxExpandedMb: 6, maxRows: 10_000, maxChars: 3_000_000 };

type Upload = { name: string; bytes: Buffer; type?: string };
function multipart(list: Upload[], field = 'files') {
  const boundary = `----b${Date.now()}${Math.random().toString(16).slice(2)}`;
  const parts = list.flatMap((f) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${f.name}"\r\nContent-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`),
    f.bytes,
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (who: string, list: Upload[], query = '', tenant: TestTenant = t.a) => t.call(tenant, who, { method: 'POST', url: `/api/files/${query}`, ...multipart(list) });
const call = (who: string | null, method: 'GET' | 'POST' | 'DELETE', url: string, tenant: TestTenant = t.a) => t.call(tenant, who, { method, url: `/api${url}` });
const text = (name: string, body: string): Upload => ({ name, bytes: Buffer.from(body) });

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'files-test-'));
  t = await buildTestApp({ config: { storage: { kind: 'local', dir: filesDir }, fileLimits: LIMITS, fileParsing: PARSING } });
  [member, other, bMember] = await Promise.all([t.signIn(t.a, t.a.member.email), t.signIn(t.a, t.a.other.email), t.signIn(t.b, t.b.member.email)]);
  files = createFilesService({ db: t.built.database.db, owner: t.built.database.owner, storage: createStorage({ kind: 'local', dir: filesDir }), tmpDir: path.join(filesDir, 'tmp'), limits: LIMITS, secret: t.config.jwtSecret, log: () => {} });
});
afterAll(async () => {
  await t?.close();
});
// Each test starts the day afresh (the daily page limit is tested on its own).
beforeEach(async () => {
  if (t) await t.database.db.delete(filePageUsage);
});

describe('upload API', () => {
  it('serves the limits to the web app', async () => {
    const res = await call(member, 'GET', '/files/settings/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ max_mb: 1, max_pages: 5, max_files_per_message: 3, pages_per_day: 12, expire_hours: 1 });
    expect(res.json().accept).toContain('.pdf');
  });

  it('uploads with the defaults, reports progress, gives a signed link, and keeps others out', async () => {
    const res = await upload(member, [text('note.txt', 'Hello files')]);
    expect(res.statusCode).toBe(200);
    const [file] = res.json().items;
    expect(file).toMatchObject({ name: 'note.txt', type: 'text/plain', kind: 'text', should_expire: true, access_level: 'public', page_count: 1 });
    expect(file.expires_at).not.toBeNull();
    await t.built.jobs.filesParsed();
    const progress = await call(member, 'GET', `/files/progress?file_ids=${file.id}`);
    expect(progress.json().items).toEqual([expect.objectContaining({ id: file.id, status: 'parsed', progress: 100 })]);

    const got = await call(member, 'GET', `/files/${file.id}/`);
    expect(got.statusCode).toBe(200);
    // The link needs no token and no tenant header (an <img> sends neither).
    const bytes = await t.app.inject({ method: 'GET', url: got.json().url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.body).toBe('Hello files');
    const forged = await t.app.inject({ method: 'GET', url: got.json().url.replace(/\.([^.]+)\/$/, '.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/') });
    expect(forged.statusCode).toBe(404);

    // Another member of the tenant: 403; another tenant: 404; progress shows nothing of it.
    expect((await call(other, 'GET', `/files/${file.id}/`)).statusCode).toBe(403);
    expect((await call(other, 'DELETE', `/files/${file.id}/`)).statusCode).toBe(403);
    expect((await call(other, 'GET', `/files/progress?file_ids=${file.id}`)).json().items).toEqual([]);
    expect((await call(bMember, 'GET', `/files/${file.id}/`, t.b)).statusCode).toBe(404);
    expect((await call(bMember, 'DELETE', `/files/${file.id}/`, t.b)).statusCode).toBe(404);
    // And the chat cannot attach it for them.
    await expect(withTenant(t.a.id, async () => files.filesForChat(await t.memberContext(t.a, t.a.other.id), [file.id]))).rejects.toMatchObject({ status: 404 });

    expect((await call(member, 'DELETE', `/files/${file.id}/`)).statusCode).toBe(200);
    expect((await call(member, 'DELETE', `/files/${file.id}/`)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: got.json().url })).statusCode).toBe(404);
  });

  it('takes the query options', async () => {
    const [a, b] = (await upload(member, [text('a.txt', 'a'), text('b.txt', 'b')])).json().items as { id: number }[];
    const res = await upload(member, [text('keep.md', '# Keep\n\nme')], `?should_expire=false&access_level=private&attached_file_ids=${a!.id},${b!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().items[0]).toMatchObject({ should_expire: false, expires_at: null, access_level: 'private', attached_file_ids: [a!.id, b!.id], kind: 'markdown' });
  });

  it('refuses by the bytes: 415 a zip named .pdf or an executable, 400 a damaged file, 413 too large or too many pages, 422 too many files', async () => {
    const zip = await upload(member, [{ name: 'report.pdf', bytes: makeZip(), type: 'application/pdf' }]);
    expect(zip.statusCode).toBe(415);
    expect(zip.json().error.code).toBe('unsupported_media_type');
    expect((await upload(member, [{ name: 'setup.txt', bytes: Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0]) }])).statusCode).toBe(415);
    const damaged = await upload(member, [{ name: 'broken.pdf', bytes: Buffer.from('%PDF-1.4\nthis is not really a pdf') }]);
    expect(damaged.statusCode).toBe(400);
    expect(damaged.json().error.code).toBe('file_corrupted');
    const big = await upload(member, [text('big.txt', 'x'.repeat(1024 * 1024 + 10))]);
    expect(big.statusCode).toBe(413);
    expect(big.json().error.details).toMatchObject({ max_mb: 1, max_pages: 5 });
    const long = await upload(member, [{ name: 'long.pdf', bytes: makePdf(['1', '2', '3', '4', '5', '6']) }]);
    expect(long.statusCode).toBe(413);
    expect(long.json().error.details).toMatchObject({ max_pages: 5, pages: 6 });
    const many = await upload(member, [text('1.txt', 'a'), text('2.txt', 'b'), text('3.txt', 'c'), text('4.txt', 'd')]);
    expect(many.statusCode).toBe(422);
    expect(many.json().error.code).toBe('too_many_files');
  });

  it('429 past the pages of the day, with the pages used, the limit and the time to reset', async () => {
    const five = { name: 'five.pdf', bytes: makePdf(['a', 'b', 'c', 'd', 'e']) };
    expect((await upload(other, [five])).statusCode).toBe(200);
    expect((await upload(other, [five])).statusCode).toBe(200);
    const over = await upload(other, [five]);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe('file_pages_exceeded');
    const d = over.json().error.details;
    expect(d).toMatchObject({ pages_used: 10, limit: 12, pages: 5 });
    expect(d.reset_seconds).toBeGreaterThan(0);
    expect(d.reset_seconds).toBeLessThanOrEqual(86_400);
  });

  it('expiry: the job deletes expiring files and their text once their time is up, not the others', async () => {
    const res = await upload(member, [text('old.txt', 'expiring text')]);
    const keep = await upload(member, [text('kept.txt', 'kept text')], '?should_expire=false');
    const id = res.json().items[0].id;
    const keptId = keep.json().items[0].id;
    await t.built.jobs.filesParsed();
    const before = readdirSync(path.join(filesDir, `t${t.a.id}`, `m${t.a.member.id}`)).length;
    expect(await t.built.jobs.expireFiles(new Date(Date.now() + 30 * 60_000))).toBe(0);
    expect(await t.built.jobs.expireFiles(new Date(Date.now() + 2 * 3_600_000))).toBeGreaterThanOrEqual(1);
    expect((await call(member, 'GET', `/files/${id}/`)).statusCode).toBe(404);
    expect((await call(member, 'GET', `/files/${keptId}/`)).statusCode).toBe(200);
    expect(readdirSync(path.join(filesDir, `t${t.a.id}`, `m${t.a.member.id}`)).length).toBeLessThan(before);
    const { fileTexts } = await import('../../db/schema/index');
    const { eq } = await import('drizzle-orm');
    expect(await t.database.db.select().from(fileTexts).where(eq(fileTexts.fileId, id))).toEqual([]);
  });
});

describe('parsing', () => {
  it('reads PDF, DOCX, XLSX, PPTX, HTML, Markdown, CSV, EUC-KR text and keeps images as images', async () => {
    const list: Upload[] = [
      { name: 'a.pdf', bytes: makePdf(['Alpha page one', 'Alpha page two']) },
      { name: 'scan.pdf', bytes: makePdf([null, null]) },
      { name: 'broken.pdf', bytes: makePdf(['Good page', 'lost', 'Third'], { brokenPage: 1 }) },
    ];
    const ids: Record<string, number> = {};
    for (const f of list) {
      const res = await upload(member, [f]);
      expect(res.statusCode, f.name).toBe(200);
      ids[f.name] = res.json().items[0].id;
    }
    await t.database.db.delete(filePageUsage);
    const more: Upload[] = [
      { name: 'b.docx', bytes: makeDocx(['# Budget', 'The budget is 42 won.']) },
      { name: 'c.xlsx', bytes: await makeXlsx({ Prices: [['item', 'price'], ['apple', 3]] }) },
      { name: 'd.pptx', bytes: makePptx([['Roadmap slide'], ['Launch in May']]) },
      { name: 'e.html', bytes: Buffer.from('<html><head><script>evil()</script></head><body><h1>Title</h1><p>Body text</p></body></html>') },
      { name: 'f.csv', bytes: Buffer.from('name,age\nkim,30\n') },
      { name: 'g.txt', bytes: iconv.encode('서울은 한국의 수도입니다.', 'cp949') },
      { name: 'h.png', bytes: await makePng() },
    ];
    for (const f of more) {
      const res = await upload(member, [f], '?should_expire=false');
      expect(res.statusCode, f.name).toBe(200);
      ids[f.name] = res.json().items[0].id;
    }
    await t.built.jobs.filesParsed();
    const progress = (await call(member, 'GET', `/files/progress?file_ids=${Object.values(ids).join(',')}`)).json().items as Array<{ id: number; status: string; note: string | null; page_count: number }>;
    const byName = Object.fromEntries(Object.entries(ids).map(([name, id]) => [name, progress.find((p) => p.id === id)!]));
    expect(byName['a.pdf']).toMatchObject({ status: 'parsed', page_count: 2 });
    expect(byName['scan.pdf']!.status).toBe('no_text');
    expect(byName['scan.pdf']!.note).toMatch(/scanned/);
    expect(byName['broken.pdf']!.status).toBe('partial');
    expect(byName['broken.pdf']!.note).toMatch(/could not be read/);

    const ctx = await t.memberContext(t.a, t.a.member.id);
    const chat = await withTenant(t.a.id, () => files.filesForChat(ctx, [ids['b.docx']!, ids['c.xlsx']!, ids['d.pptx']!]));
    const more2 = await withTenant(t.a.id, () => files.filesForChat(ctx, [ids['e.html']!, ids['f.csv']!, ids['g.txt']!]));
    const img = await withTenant(t.a.id, () => files.filesForChat(ctx, [ids['h.png']!, ids['a.pdf']!]));
    const textOf = (parts: typeof chat.parts, i: number) => {
      const part = parts[i];
      return part?.type === 'text' ? part.text : '';
    };
    expect(textOf(chat.parts, 0)).toContain('# Budget');
    expect(textOf(chat.parts, 0)).toContain('The budget is 42 won.');
    expect(textOf(chat.parts, 1)).toContain('apple\t3');
    expect(textOf(chat.parts, 2)).toContain('Launch in May');
    expect(textOf(more2.parts, 0)).toContain('# Title');
    expect(textOf(more2.parts, 0)).not.toContain('evil');
    expect(textOf(more2.parts, 1)).toContain('kim,30');
    expect(textOf(more2.parts, 2)).toBe('서울은 한국의 수도입니다.');
    expect(img.parts[0]).toMatchObject({ type: 'image', media_type: 'image/png' });
    const image = img.parts[0];
    expect(image?.type === 'image' && image.data.subarray(1, 4).toString()).toBe('PNG');
    expect(textOf(img.parts, 1)).toContain('Alpha page two');
    expect(img.files[0]).toMatchObject({ id: ids['h.png'], type: 'image/png', name: 'h.png' });
    expect(img.files[0]!.url).toMatch(/^\/api\/public\/files\//);
    await expect(withTenant(t.a.id, () => files.filesForChat(ctx, Object.values(ids)))).rejects.toMatchObject({ status: 422 });
  });
});

describe('knowledge documents and retrieval', () => {
  it('parses, chunks and indexes documents; retrieves the right chunk in Korean and English; deleting removes the chunks', async () => {
    const created = await call(member, 'POST', '/chatbots/');
    const botId = created.json().id as number;
    const docs: Upload[] = [
      { name: 'seoul.txt', bytes: Buffer.from('# 서울\n\n서울은 대한민국의 수도이며 한강이 도시를 가로질러 흐릅니다.\n\n# 부산\n\n부산은 한국 최대의 항구 도시로 해운대 해수욕장이 유명합니다.') },
      { name: 'animals.md', bytes: Buffer.from('# Penguins\n\nEmperor penguins breed during the Antarctic winter and the male keeps the egg warm.\n\n# Camels\n\nCamels store fat in their humps, which lets them travel long distances in the desert.') },
      { name: 'policy.docx', bytes: makeDocx(['# Refunds', 'Refunds are paid within fourteen days of a written request.', '# 환불', '환불은 서면 요청 후 14일 이내에 지급됩니다.']) },
    ];
    const res = await t.call(t.a, member, { method: 'POST', url: `/api/chatbots/${botId}/documents/`, ...multipart(docs) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toHaveLength(3);
    await t.built.jobs.filesParsed();
    const listed = (await call(member, 'GET', `/chatbots/${botId}/`)).json().documents as Array<{ id: number; name: string; status: string }>;
    expect(listed.map((d) => d.status)).toEqual(['parsed', 'parsed', 'parsed']);

    const ctx = await t.memberContext(t.a, t.a.member.id);
    const ask = (q: string) => withTenant(t.a.id, () => files.retrieve(ctx, botId, q, 5));
    const ko = await ask('부산에서 유명한 해수욕장은 어디인가요?');
    expect(ko[0]).toMatchObject({ document_name: 'seoul.txt', heading: '부산' });
    expect(ko[0]!.chunk).toContain('해운대');
    expect(ko[0]!.score).toBeGreaterThan(0);
    const en = await ask('Why can camels travel so far in the desert?');
    expect(en[0]).toMatchObject({ document_name: 'animals.md', heading: 'Camels' });
    const refund = await ask('환불은 며칠 안에 받을 수 있나요?');
    expect(refund[0]!.document_name).toBe('policy.docx');
    expect(refund[0]!.chunk).toContain('14일');
    // Another chatbot finds nothing of these.
    const otherBot = (await call(member, 'POST', '/chatbots/')).json().id as number;
    expect(await withTenant(t.a.id, () => files.retrieve(ctx, otherBot, '부산 해수욕장', 5))).toEqual([]);

    // Documents are the creator's: another member and another tenant cannot add or delete them.
    expect((await t.call(t.a, other, { method: 'POST', url: `/api/chatbots/${botId}/documents/`, ...multipart([text('x.txt', 'x')]) })).statusCode).toBe(403);
    const animals = listed.find((d) => d.name === 'animals.md')!;
    expect((await call(other, 'DELETE', `/chatbots/${botId}/documents/${animals.id}/`)).statusCode).toBe(403);
    expect((await call(bMember, 'DELETE', `/chatbots/${botId}/documents/${animals.id}/`, t.b)).statusCode).toBe(404);

    expect((await call(member, 'DELETE', `/chatbots/${botId}/documents/${animals.id}/`)).statusCode).toBe(200);
    const after = await ask('Why can camels travel so far in the desert?');
    expect(after.some((h) => h.document_name === 'animals.md')).toBe(false);

    // A zip named .pdf is refused as a document too.
    const bad = await t.call(t.a, member, { method: 'POST', url: `/api/chatbots/${botId}/documents/`, ...multipart([{ name: 'x.pdf', bytes: makeZip() }]) });
    expect(bad.statusCode).toBe(415);
  });
});

describe('a deleted chatbot', () => {
  it('takes its knowledge documents with it: rows, files, chunks and stored objects', async () => {
    const botId = (await call(member, 'POST', '/chatbots/')).json().id as number;
    const res = await t.call(t.a, member, { method: 'POST', url: `/api/chatbots/${botId}/documents/`, ...multipart([text('notes.md', '# Lighthouses\n\nThe lighthouse keeper trims the wick at dusk.')]) });
    expect(res.statusCode, res.body).toBe(200);
    await t.built.jobs.filesParsed();
    const { chatbotDocuments, documentChunks, files: filesTable } = await import('../../db/schema/index');
    const { eq, and } = await import('drizzle-orm');
    const [doc] = await t.database.db
      .select()
      .from(chatbotDocuments)
      .where(and(eq(chatbotDocuments.tenantId, t.a.id), eq(chatbotDocuments.chatbotId, botId)));
    const [file] = await t.database.db
      .select()
      .from(filesTable)
      .where(and(eq(filesTable.tenantId, t.a.id), eq(filesTable.id, doc!.fileId!)));
    expect(existsSync(path.join(filesDir, file!.storageKey))).toBe(true);
    const ctx = await t.memberContext(t.a, t.a.member.id);
    expect((await withTenant(t.a.id, () => files.retrieve(ctx, botId, 'lighthouse keeper', 3))).length).toBe(1);

    // Another member cannot delete it; its creator can.
    expect((await call(other, 'DELETE', `/chatbots/${botId}/`)).statusCode).toBe(403);
    expect((await call(member, 'DELETE', `/chatbots/${botId}/`)).statusCode).toBeLessThan(300);
    const left = async (table: typeof chatbotDocuments | typeof documentChunks) =>
      (await t.database.db.select().from(table).where(and(eq(table.tenantId, t.a.id), eq(table.chatbotId, botId)))).length;
    expect(await left(chatbotDocuments)).toBe(0);
    expect(await left(documentChunks)).toBe(0);
    expect(await t.database.db.select().from(filesTable).where(and(eq(filesTable.tenantId, t.a.id), eq(filesTable.id, file!.id)))).toEqual([]);
    expect(existsSync(path.join(filesDir, file!.storageKey))).toBe(false);
  });
});

describe('S3-compatible storage', () => {
  it('streams an object in and out of a local S3 server, and removes it', async () => {
    // @ts-expect-error s3rver ships no types
    const { default: S3rver } = await import('s3rver');
    const dir = mkdtempSync(path.join(tmpdir(), 's3rver-'));
    const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: dir, configureBuckets: [{ name: 'files' }] });
    const { port } = (await server.run()) as { port: number };
    try {
      const storage = createStorage({ kind: 's3', bucket: 'files', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true });
      const body = Buffer.alloc(6 * 1024 * 1024, 'k');
      await storage.put('t1/m1/abc', Readable.from([body.subarray(0, 3_000_000), body.subarray(3_000_000)]), 'text/plain');
      const chunks: Buffer[] = [];
      for await (const c of await storage.get('t1/m1/abc')) chunks.push(c as Buffer);
      expect(Buffer.concat(chunks).equals(body)).toBe(true);
      await storage.remove('t1/m1/abc');
      await expect(storage.get('t1/m1/abc')).rejects.toThrow();
    } finally {
      await server.close();
    }
    expect(existsSync(dir)).toBe(true);
  });
});

describe('bombs and caps (decision 045)', () => {
  /** What is kept of uploads: file rows of every tenant, stored objects, temporary files. */
  async function kept() {
    const { files: filesTable } = await import('../../db/schema/index');
    const objects = (dir: string): number => (existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? objects(path.join(dir, e.name)) : 1), 0) : 0);
    return { rows: (await t.database.db.select().from(filesTable)).length, objects: objects(filesDir), tmp: objects(path.join(t.config.dataDir, 'tmp', 'uploads')) };
  }
  /** 20 MB of empty paragraphs: no text, far past the 4 MB a part may expand to. */
  const bombBody = () => '<w:p/>'.repeat((20 * 1024 * 1024) / 6);

  it('413 for a DOCX whose document expands past the cap, declared or not; nothing of it is kept', async () => {
    const honest = makeDocxOf(bombBody());
    const lying = declareSize(honest, 'word/document.xml', 1000);
    expect(honest.length).toBeLessThan(100_000);
    const before = await kept();
    const declared = await upload(member, [{ name: 'bomb.docx', bytes: honest }]);
    expect(declared.statusCode, declared.body).toBe(413);
    expect(declared.json().error).toMatchObject({ code: 'file_too_large', details: { max_mb: 1, max_pages: 5 } });
    expect(declared.json().error.message).toMatch(/^bomb\.docx: .*expands to 20 MB; the most is 4 MB/);
    const actual = await upload(member, [{ name: 'liar.docx', bytes: lying }]);
    expect(actual.statusCode, actual.body).toBe(413);
    expect(actual.json().error.message).toMatch(/expands to more than 4 MB/);
    // With a good file before it in the same upload: that one goes too.
    const mixed = await upload(member, [text('fine.txt', 'fine'), { name: 'liar.docx', bytes: lying }]);
    expect(mixed.statusCode).toBe(413);
    expect(await kept()).toEqual(before);
  });

  it('counts pages from the content: a DOCX declaring 1 page with 2,000,000 characters, an XLSX by its rows', async () => {
    const appXml = '<?xml version="1.0" encoding="UTF-8"?><Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Pages>1</Pages></Properties>';
    const before = await kept();
    const long = await upload(member, [{ name: 'one-page.docx', bytes: makeDocxOf(`<w:p><w:r><w:t>${'a'.repeat(2_000_000)}</w:t></w:r></w:p>`, { 'docProps/app.xml': appXml }) }]);
    expect(long.statusCode, long.body).toBe(413);
    expect(long.json().error.details).toMatchObject({ max_mb: 1, max_pages: 5, pages: 667 });
    // 600 rows on one sheet: 12 pages of 50 rows, not one page a sheet.
    const sheet = await upload(member, [{ name: 'rows.xlsx', bytes: await makeXlsx({ Rows: Array.from({ length: 600 }, (_, i) => [i, 'row']) }) }]);
    expect(sheet.statusCode, sheet.body).toBe(413);
    expect(sheet.json().error.details).toMatchObject({ max_pages: 5, pages: 12 });
    expect(await kept()).toEqual(before);
    // Within the limit, the count is the one the parse keeps, and the day is charged with it.
    const fits = await upload(member, [{ name: 'fits.docx', bytes: makeDocxOf(`<w:p><w:r><w:t>${'b'.repeat(7000)}</w:t></w:r></w:p>`, { 'docProps/app.xml': appXml }) }]);
    expect(fits.statusCode, fits.body).toBe(200);
    expect(fits.json().items[0].page_count).toBe(3);
    await t.built.jobs.filesParsed();
    expect((await call(member, 'GET', `/files/progress?file_ids=${fits.json().items[0].id}`)).json().items[0]).toMatchObject({ status: 'parsed', page_count: 3 });
  });

  it('413 past the rows cap for an XLSX of many rows; 400 for a damaged DOCX', async () => {
    const before = await kept();
    const rows = await upload(member, [{ name: 'rows.xlsx', bytes: makeXlsxRows(20_000) }]);
    expect(rows.statusCode, rows.body).toBe(413);
    expect(rows.json().error.message).toMatch(/more than 10,000 rows/);
    // The end of central directory cut off: the parts are there, the zip is not.
    const whole = makeDocx(['cut short']);
    const cut = await upload(member, [{ name: 'cut.docx', bytes: whole.subarray(0, whole.length - 22) }]);
    expect(cut.statusCode, cut.body).toBe(400);
    expect(cut.json().error.code).toBe('file_corrupted');
    expect(await kept()).toEqual(before);
  });

  it('refuses a bomb as a chatbot document too, keeping nothing', async () => {
    const botId = (await call(member, 'POST', '/chatbots/')).json().id as number;
    const before = await kept();
    const res = await t.call(t.a, member, { method: 'POST', url: `/api/chatbots/${botId}/documents/`, ...multipart([{ name: 'liar.docx', bytes: declareSize(makeDocxOf(bombBody()), 'word/document.xml', 1000) }]) });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error.code).toBe('file_too_large');
    expect(await kept()).toEqual(before);
    expect((await call(member, 'GET', `/chatbots/${botId}/`)).json().documents).toEqual([]);
  });

  it('answers other requests while a heavy file parses on a parser thread', async () => {
    // 20,000 empty paragraphs: one page, within every cap, and seconds of work for the DOCX library.
    const heavy = makeDocxOf('<w:p><w:r><w:t></w:t></w:r></w:p>'.repeat(20_000));
    const res = await upload(member, [{ name: 'heavy.docx', bytes: heavy }]);
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().items[0].id as number;
    const order: string[] = [];
    const parsed = t.built.jobs.filesParsed().then(() => order.push('parsed'));
    let status = 'queued';
    while (status === 'queued') status = (await call(member, 'GET', `/files/progress?file_ids=${id}`)).json().items[0].status;
    expect(status).toBe('parsing');
    const health = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(health.statusCode).toBe(200);
    order.push('health');
    await parsed;
    expect(order).toEqual(['health', 'parsed']);
    expect((await call(member, 'GET', `/files/progress?file_ids=${id}`)).json().items[0].status).toBe('no_text');
  });

  it('answers 413 to a chunked upload past the size limit, reading the rest, instead of a stalled or dropped connection', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    /**
     * A chunked upload of `mb` MB of one file, all of it sent whatever the server answers meanwhile
     * (as curl does): the answer, and whether all of it was taken (`finished`) or the connection
     * closed, once the answer has come and one of those happened (or 15 s went by).
     */
    const chunked = (mb: number) =>
      new Promise<{ status: number; body: string; finished: boolean; closed: boolean }>((resolve) => {
        const boundary = 'chunked-boundary';
        const state = { status: 0, body: '', finished: false, closed: false };
        let answered = false;
        const settle = () => answered && (state.finished || state.closed) && resolve(state);
        setTimeout(() => resolve(state), 15_000).unref();
        const req = http.request({
          host: '127.0.0.1',
          port,
          agent,
          method: 'POST',
          path: '/api/files/',
          headers: { 'x-tenant-subdomain': t.a.subdomain, 'x-access-token': member, 'content-type': `multipart/form-data; boundary=${boundary}`, 'transfer-encoding': 'chunked' },
        });
        req.on('response', (r) => {
          state.status = r.statusCode!;
          r.setEncoding('utf8');
          r.on('data', (d: string) => (state.body += d));
          r.on('end', () => {
            answered = true;
            settle();
          });
        });
        req.on('finish', () => {
          state.finished = true;
          settle();
        });
        req.on('socket', (s) => s.once('close', () => ((state.closed = true), settle())));
        req.on('error', () => undefined);
        req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`);
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const pump = () => {
          while (sent < mb * 1024 * 1024 && !state.closed) {
            sent += chunk.length;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          req.end(`\r\n--${boundary}--\r\n`);
        };
        pump();
      });
    const before = await kept();
    try {
      // 3.5 MB: past the file's 1 MB, within the route's body limit (4 MB): the rest is read and dropped.
      const over = await chunked(3.5);
      expect(over.status, over.body).toBe(413);
      expect(JSON.parse(over.body).error).toMatchObject({ code: 'file_too_large', details: { max_mb: 1 } });
      expect(over).toMatchObject({ finished: true, closed: false });
      // 32 MB: past the body limit too: still the answer, then the connection is closed.
      const far = await chunked(32);
      expect(far.status, far.body).toBe(413);
      expect(far.closed).toBe(true);
      expect(await kept()).toEqual(before);
    } finally {
      agent.destroy();
    }
  });
});
