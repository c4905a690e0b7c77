/**
 * Knowledge retrieval at scale (issue 25 item 5): one chatbot with --documents documents (default
 * 1,000; half Korean, half English), each holding one fact among filler paragraphs, cut into chunks
 * as uploads are (chunkText); then --questions questions with known answers (paraphrased, in the
 * document's language) through `retrieve()` — the function the chat calls. Prints recall@5 and
 * the latency p50 / p95 (target p95 ≤ 30 ms). `--embeddings`: the chunks also get vectors of
 * `--dim` dimensions (default 1,536, as OpenAI's small model) from an in-process stand-in of an
 * embeddings model (the fake upstream's hashed character trigrams, no network), and retrieval fuses
 * the nearest chunks with the full-text ones as it does with EMBEDDING_MODEL: the scan's cost.
 *
 *   npx tsx bench/retrieval.ts [--documents 1000] [--questions 400] [--embeddings] [--dim 1536] [--database-url postgres://…]
 */
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { openDatabase } from '../apps/api/src/db/client';
import { withTenant } from '../apps/api/src/db/tenant-scope';
import { catalogFor } from '../apps/api/src/llm/catalog';
import { chunkText } from '../apps/api/src/modules/files/chunk';
import { createFilesService } from '../apps/api/src/modules/files/files.service';
import { createStorage } from '../apps/api/src/integrations/storage/index';
import { createTenant } from '../apps/api/src/modules/tenants/tenants.service';
import { testConfig } from '../apps/api/src/test/test-app';
import type { Embedder } from '../apps/api/src/integrations/models/types';
import { fakeEmbedding } from '../tools/fake-llm/server';
import { percentile } from './lib';

const { values } = parseArgs({ options: { documents: { type: 'string', default: '1000' }, questions: { type: 'string', default: '400' }, embeddings: { type: 'boolean', default: false }, dim: { type: 'string', default: '1536' }, 'database-url': { type: 'string' } } });
const dim = Number(values.dim);
const embedder: Embedder | null = values.embeddings ? { model: `bench-${dim}`, embed: async (texts) => texts.map((t) => fakeEmbedding(t, dim)) } : null;
const N = Number(values.documents);
const Q = Math.min(Number(values.questions), N);
const dataDir = values['database-url'] ? null : mkdtempSync(path.join(os.tmpdir(), 'bench-retrieval-'));
const database = await openDatabase(values['database-url'] ? { kind: 'postgres', url: values['database-url'] } : { kind: 'pglite', dataDir });
const config = { ...testConfig({}), logLevel: 'warn' };
const built = await buildApp(config, { database });
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

// A seeded generator: the same fixture every run.
let seed = 20261125;
const rand = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
const HANGUL_START = 0xac00;
const koWord = (n: number) => Array.from({ length: n }, () => String.fromCharCode(HANGUL_START + Math.floor(rand() * 11172))).join('');
const C = 'bcdfghjklmnprstvz';
const V = 'aeiou';
const enWord = (n: number) => Array.from({ length: n }, () => pick([...C]) + pick([...V])).join('');

const koFiller = [
  '이 문서는 사내 지식 베이스의 일부로 정기적으로 갱신됩니다.',
  '담당 부서는 분기마다 내용을 검토하고 변경 사항을 공지합니다.',
  '자세한 절차는 운영 지침과 보안 정책을 함께 참고하시기 바랍니다.',
  '문의 사항은 고객 지원 센터나 담당자 이메일로 보내 주세요.',
  '회의록과 발표 자료는 공유 드라이브의 프로젝트 폴더에 보관됩니다.',
  '예산 집행 내역은 매월 말 재무팀에 보고해야 합니다.',
];
const enFiller = [
  'This document is part of the internal knowledge base and is reviewed every quarter.',
  'The owning team announces changes in the weekly newsletter and on the intranet.',
  'For detailed procedures, read the operations guide together with the security policy.',
  'Questions go to the support desk or to the contact person listed on the project page.',
  'Minutes and slides are kept in the project folder of the shared drive.',
  'Spending must be reported to the finance team at the end of each month.',
];
const months = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12'];
const products = ['사과', '녹차', '한우', '굴', '인삼', '감귤', '버섯', '전복'];
const enProducts = ['apple', 'green tea', 'oyster', 'ginseng', 'tangerine', 'mushroom', 'abalone', 'honey'];

interface Doc {
  name: string;
  text: string;
  question: string;
}
const docs: Doc[] = [];
for (let i = 0; i < N; i += 1) {
  const korean = i % 2 === 0;
  const filler = (pool: string[]) => Array.from({ length: 6 }, () => pick(pool)).join(' ');
  if (korean) {
    const place = koWord(3);
    const host = koWord(3);
    const product = pick(products);
    const month = pick(months);
    const fact = `${place} 지역의 ${product} 축제는 매년 ${month}월에 열리며 ${host} 협회가 주관합니다. 축제 기간에는 ${product} 요리 경연 대회도 함께 진행됩니다.`;
    const text = `# 개요\n\n${filler(koFiller)}\n\n# 행사\n\n${filler(koFiller)}\n\n${fact}\n\n# 참고\n\n${filler(koFiller)}\n\n${filler(koFiller)}`;
    docs.push({ name: `행사-${i}.md`, text, question: `${place}에서 열리는 ${product} 축제는 몇 월에 하나요?` });
  } else {
    const code = enWord(3);
    const lead = `${enWord(2)[0]!.toUpperCase()}${enWord(2).slice(1)}`;
    const product = pick(enProducts);
    const month = pick(['January', 'March', 'May', 'July', 'September', 'November']);
    const fact = `The ${product} research programme code-named ${code} is led by Dr. ${lead} and publishes its results every ${month}.`;
    const text = `# Overview\n\n${filler(enFiller)}\n\n# Programmes\n\n${filler(enFiller)}\n\n${fact}\n\n# Notes\n\n${filler(enFiller)}\n\n${filler(enFiller)}`;
    docs.push({ name: `programme-${i}.md`, text, question: `Who leads the ${code} programme on ${product}?` });
  }
}

try {
  const subdomain = `retrieval-${Date.now().toString(36)}`;
  const created = await createTenant(database.owner, { subdomain, koName: '검색', enName: 'Retrieval', memberCreditQuota: 1000, accounts: [{ email: 'maker@retrieval.bench', password: 'Bench-passw0rd!', name: 'Maker', isAdmin: false }] }, catalogFor({}));
  const tenantId = created.tenant.id;
  const memberId = created.members[0]!.id;
  const [model] = rows<{ id: number }>(await database.owner.execute(sql`select id from llm_models where tenant_id = ${tenantId} order by id limit 1`));
  const [bot] = rows<{ id: number }>(
    await database.owner.execute(sql`insert into chatbots (tenant_id, hash_id, creator_id, llm_model_id, ko_name, en_name) values (${tenantId}, ${`rb${Date.now()}`}, ${memberId}, ${model!.id}, '지식', 'Knowledge') returning id`),
  );
  const t0 = performance.now();
  const fileIds: number[] = [];
  let chunkCount = 0;
  for (const [i, d] of docs.entries()) {
    const [file] = rows<{ id: number }>(
      await database.owner.execute(sql`insert into files (tenant_id, member_id, purpose, chatbot_id, name, content_type, kind, size, storage_key, should_expire, status, page_count, parsed_pages)
        values (${tenantId}, ${memberId}, 'document', ${bot!.id}, ${d.name}, 'text/markdown', 'markdown', ${Buffer.byteLength(d.text)}, ${`t${tenantId}/bench/${i}`}, false, 'parsed', 1, 1) returning id`),
    );
    fileIds.push(file!.id);
    const chunks = chunkText(d.text);
    chunkCount += chunks.length;
    const vectors = embedder ? await embedder.embed(chunks.map((c) => (c.heading ? `${c.heading}\n${c.body}` : c.body))) : null;
    const valuesSql = sql.join(
      chunks.map(
        (c, j) =>
          sql`(${tenantId}, ${bot!.id}, ${file!.id}, ${j}, ${c.heading}, ${c.body}, ${vectors ? sql`array(select jsonb_array_elements_text(${JSON.stringify(vectors[j])}::jsonb)::real)` : sql`null`}, ${embedder?.model ?? null})`,
      ),
      sql`, `,
    );
    await database.owner.execute(sql`insert into document_chunks (tenant_id, chatbot_id, file_id, ord, heading, body, embedding, embedding_model) values ${valuesSql}`);
  }
  await database.owner.execute(sql`analyze document_chunks`);
  console.log(`retrieval: ${N.toLocaleString('en')} documents, ${chunkCount.toLocaleString('en')} chunks seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s on ${values['database-url'] ? 'PostgreSQL' : 'PGlite'}${embedder ? `, with ${dim}-dimension vectors` : ''}`);

  const files = createFilesService({ db: built.database.db, owner: built.database.owner, storage: createStorage({ kind: 'local', dir: path.join(config.dataDir, 'files') }), tmpDir: path.join(config.dataDir, 'tmp'), secret: 'bench', log: () => {}, embedder });
  const ctx = { tenantId, tenant: created.tenant } as never;
  const ask = (q: string) => withTenant(tenantId, () => files.retrieve(ctx, bot!.id, q, 5));
  // Warm-up.
  for (let i = 0; i < 20; i += 1) await ask(docs[i]!.question);
  const results = { ko: { hit: 0, n: 0, times: [] as number[] }, en: { hit: 0, n: 0, times: [] as number[] } };
  // Questions spread over the whole fixture.
  const step = N / Q;
  for (let q = 0; q < Q; q += 1) {
    const i = Math.min(N - 1, Math.floor(q * step));
    const d = docs[i]!;
    const lang = i % 2 === 0 ? 'ko' : 'en';
    const start = performance.now();
    const hits = await ask(d.question);
    results[lang].times.push(performance.now() - start);
    results[lang].n += 1;
    if (hits.some((h) => h.file_id === fileIds[i])) results[lang].hit += 1;
  }
  for (const [lang, r] of Object.entries(results)) {
    const sorted = r.times.sort((a, b) => a - b);
    console.log(`  ${lang}: recall@5 ${((r.hit / Math.max(1, r.n)) * 100).toFixed(1)} % (${r.hit}/${r.n}); latency p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`);
  }
  const all = [...results.ko.times, ...results.en.times].sort((a, b) => a - b);
  console.log(`  all: recall@5 ${(((results.ko.hit + results.en.hit) / Q) * 100).toFixed(1)} %; p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms (target p95 ≤ 30 ms)`);
  if (values['database-url']) await database.owner.execute(sql`delete from tenants where id = ${tenantId}`);
} finally {
  await built.close();
  await database.close();
}
