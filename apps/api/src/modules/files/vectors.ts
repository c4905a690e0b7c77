import type { Executor } from '../../db/client';
import type { Embedder } from '../../integrations/models/types';
import { type ChunkHit, chunksByIds, embeddingVersion, loadEmbeddings } from './files.repo';

/** Vector candidates fused with the full-text ones (as many as the full-text search gives). */
export const VECTOR_CANDIDATES = 40;
/** Floats kept in memory over every chatbot (≈ 64 MB); past it, the oldest chatbot's vectors go. */
const MAX_FLOATS = 16_000_000;
/** A question's vector that takes longer than this is given up: full-text results only. */
const QUESTION_TIMEOUT_MS = 3_000;

interface ChatbotVectors {
  version: string;
  /** When the version was last read (performance.now()). */
  checkedAt: number;
  ids: Int32Array;
  /** Row-major, each row L2-normalised (cosine = dot product). */
  rows: Float32Array;
  dim: number;
}

function normalise(v: ArrayLike<number>, into: Float32Array, at: number): boolean {
  let sum = 0;
  for (let i = 0; i < v.length; i++) sum += v[i]! * v[i]!;
  if (!(sum > 0)) return false;
  const inv = 1 / Math.sqrt(sum);
  for (let i = 0; i < v.length; i++) into[at + i] = v[i]! * inv;
  return true;
}

/**
 * Knowledge retrieval's vector half (decision 034): each chatbot's chunk vectors are read once
 * into a normalised Float32 matrix in this process and checked against the database by a version
 * query (count and newest id of its vectors) at most every `recheckMs` (5 s): that query reads
 * every chunk row of the chatbot (~40 ms at 3,500 chunks on the embedded database), too much for
 * every question. A document indexed since is found by its words meanwhile; a deleted chunk the
 * matrix still names is dropped when its row is not found. The question is embedded, the matrix scanned
 * (3,500 chunks × 1,536 dimensions ≈ 5 M multiply-adds, a few ms), and the best ids fused with
 * the full-text ranks by reciprocal rank (k = 60), the same fusion the SQL uses for its two ranks.
 * No pgvector: Debian's PostgreSQL 15 has none and the embedded database would need an extension
 * build; a chatbot's knowledge is thousands of chunks, not millions.
 */
export function createVectorIndex(embedder: Embedder, log: (line: string) => void, recheckMs = 5_000) {
  const cache = new Map<string, ChatbotVectors>();
  /** Chatbots found without vectors, and when. */
  const none = new Map<string, number>();
  let floats = 0;

  function keep(key: string, v: ChatbotVectors) {
    const old = cache.get(key);
    if (old) {
      floats -= old.rows.length;
      cache.delete(key);
    }
    while (floats + v.rows.length > MAX_FLOATS && cache.size > 0) {
      const [oldestKey, oldest] = cache.entries().next().value as [string, ChatbotVectors];
      floats -= oldest.rows.length;
      cache.delete(oldestKey);
    }
    cache.set(key, v);
    floats += v.rows.length;
  }

  async function vectorsOf(db: Executor, tenantId: number, chatbotId: number): Promise<ChatbotVectors | null> {
    const key = `${tenantId}:${chatbotId}`;
    const at = performance.now();
    const cached = cache.get(key);
    if (cached && at - cached.checkedAt < recheckMs) return cached;
    if (!cached && at - (none.get(key) ?? -Infinity) < recheckMs) return null;
    const version = await embeddingVersion(db, tenantId, chatbotId, embedder.model);
    if (version.startsWith('0:')) {
      if (none.size > 10_000) none.clear();
      none.set(key, at);
      return null;
    }
    none.delete(key);
    if (cached?.version === version) {
      cached.checkedAt = at;
      return cached;
    }
    const loaded = await loadEmbeddings(db, tenantId, chatbotId, embedder.model);
    const dim = loaded.find((r) => r.embedding?.length)?.embedding?.length ?? 0;
    if (dim === 0) return null;
    const rows = new Float32Array(loaded.length * dim);
    const ids = new Int32Array(loaded.length);
    let n = 0;
    for (const r of loaded) {
      if (r.embedding?.length === dim && normalise(r.embedding, rows, n * dim)) ids[n++] = r.id;
    }
    const v: ChatbotVectors = { version, checkedAt: at, ids: ids.slice(0, n), rows: rows.slice(0, n * dim), dim };
    keep(key, v);
    return v;
  }

  return {
    /** Vectors of a document's chunks (heading and body), in their order. */
    embedChunks(chunks: Array<{ heading: string; body: string }>): Promise<number[][]> {
      return embedder.embed(chunks.map((c) => (c.heading ? `${c.heading}\n${c.body}` : c.body)));
    },

    /** The chatbot's chunk ids nearest the question, best first ([] without vectors or when embedding fails). */
    async nearest(db: Executor, tenantId: number, chatbotId: number, question: string): Promise<number[]> {
      const vectors = await vectorsOf(db, tenantId, chatbotId);
      if (!vectors) return [];
      const [q] = await embedder.embed([question], AbortSignal.timeout(QUESTION_TIMEOUT_MS)).catch((err: Error) => {
        log(`question embedding failed (full-text results only): ${err.message}`);
        return [] as number[][];
      });
      if (!q || q.length !== vectors.dim) return [];
      const qn = new Float32Array(vectors.dim);
      if (!normalise(q, qn, 0)) return [];
      const { ids, rows, dim } = vectors;
      const scores = new Float32Array(ids.length);
      for (let r = 0; r < ids.length; r++) {
        let s = 0;
        const at = r * dim;
        for (let i = 0; i < dim; i++) s += rows[at + i]! * qn[i]!;
        scores[r] = s;
      }
      const order = Array.from(ids.keys()).sort((a, b) => scores[b]! - scores[a]! || ids[a]! - ids[b]!);
      return order.slice(0, VECTOR_CANDIDATES).map((r) => ids[r]!);
    },

    /** Reciprocal-rank fusion of the full-text hits (best first) and the vector ids (best first): the best `k`. */
    async fuse(db: Executor, tenantId: number, fullText: ChunkHit[], vectorIds: number[], k: number): Promise<ChunkHit[]> {
      const score = new Map<number, number>();
      const add = (id: number, rank: number) => score.set(id, (score.get(id) ?? 0) + 1 / (60 + rank));
      fullText.forEach((h, i) => add(h.id, i + 1));
      vectorIds.forEach((id, i) => add(id, i + 1));
      const best = [...score.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, k);
      const known = new Map(fullText.map((h) => [h.id, h]));
      const rows = new Map((await chunksByIds(db, tenantId, best.map(([id]) => id).filter((id) => !known.has(id)))).map((r) => [r.id, r]));
      return best.flatMap(([id, s]) => {
        const row = known.get(id) ?? rows.get(id);
        // Scaled like the full-text score: 1.0 for the first of both lists.
        return row ? [{ ...row, score: Math.round(s * 30.5 * 10_000) / 10_000 }] : [];
      });
    },
  };
}
export type VectorIndex = ReturnType<typeof createVectorIndex>;
