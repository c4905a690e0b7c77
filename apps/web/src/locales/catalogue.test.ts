import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Every namespace has the same keys in all five languages (ko and en complete; zh, ja, es present).
const dir = path.dirname(new URL(import.meta.url).pathname);
const LANGS = ['ko', 'en', 'zh', 'ja', 'es'];

function keys(obj: unknown, prefix = ''): string[] {
  if (typeof obj !== 'object' || obj === null) return [prefix];
  return Object.entries(obj).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('message catalogues', () => {
  const namespaces = readdirSync(path.join(dir, 'en')).filter((f) => f.endsWith('.json'));
  it('has namespaces', () => expect(namespaces.length).toBeGreaterThanOrEqual(6));
  for (const ns of namespaces) {
    it(`${ns}: same keys in ${LANGS.join(', ')}, no empty texts`, () => {
      const en = keys(JSON.parse(readFileSync(path.join(dir, 'en', ns), 'utf8'))).sort();
      for (const l of LANGS) {
        const data = JSON.parse(readFileSync(path.join(dir, l, ns), 'utf8'));
        expect(keys(data).sort(), `${l}/${ns}`).toEqual(en);
        const flat = JSON.stringify(data);
        expect(flat.includes('""'), `${l}/${ns} has an empty text`).toBe(false);
      }
    });
  }
});
