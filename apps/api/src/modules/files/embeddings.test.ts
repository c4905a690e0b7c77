import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeEmbedding, startFakeLlm, type FakeLlm } from '../../../../../tools/fake-llm/server';
import type { ProvidersConfig } from '../../config';
import { documentChunks } from '../../db/schema/index';
import { withTenant } from '../../db/tenant-scope';
import { createLlmRegistry } from '../../integrations/models/index';
import { buildTestApp, type TestApp } from '../../test/test-app';
import { createFilesService, type FilesService } from './files.service';
import { createStorage } from '../../integrations/storage/index';

// Knowledge retrieval with an embeddings model (issue 25 item 5): chunks get vectors from the
// provider's embeddings API at indexing, questions at retrieval, and the vector ranks are fused
// with the full-text ones. The fake upstream's vectors are hashed character trigrams, so a
// misspelt question is near its chunk while sharing no word with it.
let fake: FakeLlm;
let t: TestApp;
let filesDir: string;
let member: string;
let withVectors: FilesService;
let wordsOnly: FilesService;

const providers = (url: string): ProvidersConfig => ({
  openaiCompatible: { baseUrl: url, models: ['fake-model'] },
  embeddingModel: { provider: 'openai-compatible', modelName: 'fake-embed' },
});

function multipart(list: Array<{ name: string; body: string }>) {
  const boundary = `----b${Math.random().toString(16).slice(2)}`;
  const parts = list.flatMap((f) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: text/plain\r\n\r\n`),
    Buffer.from(f.body),
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function newChatbotWith(docs: Array<{ name: string; body: string }>): Promise<number> {
  const botId = (await t.call(t.a, member, { method: 'POST', url: '/api/chatbots/' })).json().id as number;
  const res = await t.call(t.a, member, { method: 'POST', url: `/api/chatbots/${botId}/documents/`, ...multipart(docs) });
  expect(res.statusCode, res.body).toBe(200);
  await t.built.jobs.filesParsed();
  return botId;
}

const DOCS = [
  { name: 'botany.md', body: '# Leaves\n\nPhotosynthesis turns sunlight, water and carbon dioxide into sugar inside the chloroplasts.\n\n# Roots\n\nRoots anchor the plant and draw minerals from the soil.' },
  { name: 'harbour.md', body: '# Ports\n\nThe harbour master assigns berths to arriving container ships every morning.' },
  { name: '식물.txt', body: '# 광합성\n\n엽록체는 햇빛을 받아 포도당을 만듭니다.' },
];

beforeAll(async () => {
  fake = await startFakeLlm({ scenario: { reply: 'ok', tokenDelayMs: 0 } });
  filesDir = mkdtempSync(path.join(tmpdir(), 'embeddings-test-'));
  t = await buildTestApp({ providers: providers(fake.url), config: { storage: { kind: 'local', dir: filesDir } } });
  member = await t.signIn(t.a, t.a.member.email);
  const common = { owner: t.built.database.owner, storage: createStorage({ kind: 'local', dir: filesDir }), tmpDir: path.join(filesDir, 'tmp'), secret: t.config.jwtSecret, log: () => {} };
  withVectors = createFilesService({ db: t.built.database.db, ...common, embedder: createLlmRegistry(providers(fake.url)).embedder(), vectorRecheckMs: 0 });
  wordsOnly = createFilesService({ db: t.built.database.db, ...common });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('knowledge retrieval with an embeddings model', () => {
  it('indexes chunks with the provider’s vectors and finds a misspelt question’s chunk that full-text search misses', async () => {
    fake.reset();
    const botId = await newChatbotWith(DOCS);
    // The embeddings API received every chunk (heading and body) of the three documents.
    const sent = fake.embeddingInputs.flat();
    expect(sent).toEqual(expect.arrayContaining([expect.stringContaining('Leaves\nPhotosynthesis turns sunlight'), expect.stringContaining('Ports\nThe harbour master')]));
    const rows = await t.database.db
      .select({ body: documentChunks.body, embedding: documentChunks.embedding, model: documentChunks.embeddingModel })
      .from(documentChunks)
      .where(and(eq(documentChunks.tenantId, t.a.id), eq(documentChunks.chatbotId, botId)));
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const r of rows) {
      expect(r.model).toBe('fake-embed');
      expect(r.embedding).toHaveLength(256);
    }
    const leaves = rows.find((r) => r.body.startsWith('Photosynthesis'))!;
    expect(leaves.embedding![0]).toBeCloseTo(fakeEmbedding(`Leaves\n${leaves.body}`)[0]!, 5);

    const ctx = await t.memberContext(t.a, t.a.member.id);
    const question = 'fotosynthesys';
    // Words alone: "fotosynthesys" is in no chunk, as a word or a prefix.
    expect(await withTenant(t.a.id, () => wordsOnly.retrieve(ctx, botId, question, 3))).toEqual([]);
    fake.embeddingInputs = [];
    const hits = await withTenant(t.a.id, () => withVectors.retrieve(ctx, botId, question, 3));
    expect(fake.embeddingInputs).toEqual([[question]]);
    expect(hits[0]).toMatchObject({ document_name: 'botany.md', heading: 'Leaves' });
    expect(hits[0]!.score).toBeGreaterThan(0);

    // A question both halves find ranks its chunk first; the fused list has no duplicates.
    const both = await withTenant(t.a.id, () => withVectors.retrieve(ctx, botId, 'harbour master berths for container ships', 5));
    expect(both[0]).toMatchObject({ document_name: 'harbour.md' });
    expect(new Set(both.map((h) => `${h.file_id}:${h.chunk}`)).size).toBe(both.length);
    const ko = await withTenant(t.a.id, () => withVectors.retrieve(ctx, botId, '엽록체가 포도당을 만드나요?', 3));
    expect(ko[0]).toMatchObject({ document_name: '식물.txt' });

    // Another tenant asking about this chatbot's id finds nothing (vectors are read per tenant).
    const other = await t.memberContext(t.b, t.b.member.id);
    expect(await withTenant(t.b.id, () => withVectors.retrieve(other, botId, question, 3))).toEqual([]);
  });

  it('a document added later is seen by the next question; a failing embeddings API leaves full-text search working', async () => {
    const botId = await newChatbotWith([DOCS[1]!]);
    const ctx = await t.memberContext(t.a, t.a.member.id);
    const ask = (q: string) => withTenant(t.a.id, () => withVectors.retrieve(ctx, botId, q, 3));
    expect((await ask('fotosynthesys')).some((h) => h.document_name === 'botany.md')).toBe(false);
    await t.call(t.a, member, { method: 'POST', url: `/api/chatbots/${botId}/documents/`, ...multipart([DOCS[0]!]) });
    await t.built.jobs.filesParsed();
    expect((await ask('fotosynthesys'))[0]).toMatchObject({ document_name: 'botany.md' });

    fake.set({ failStatus: 500 });
    try {
      const failing = await newChatbotWith([{ name: 'tides.md', body: '# Tides\n\nSpring tides follow the full and the new moon.' }]);
      const vectors = await t.database.db
        .select({ embedding: documentChunks.embedding })
        .from(documentChunks)
        .where(and(eq(documentChunks.tenantId, t.a.id), eq(documentChunks.chatbotId, failing)));
      expect(vectors.length).toBeGreaterThan(0);
      expect(vectors.every((v) => v.embedding === null)).toBe(true);
      const hits = await withTenant(t.a.id, () => withVectors.retrieve(ctx, failing, 'When are spring tides?', 3));
      expect(hits[0]).toMatchObject({ document_name: 'tides.md' });
      // The question's embedding failing too: full-text results of a chatbot that has vectors.
      expect((await ask('harbour master berths'))[0]).toMatchObject({ document_name: 'harbour.md' });
    } finally {
      fake.set({ failStatus: null });
    }
  });
});
