/**
 * Personal-data detection: precision and recall over the labelled corpus
 * (apps/api/src/modules/governance/__fixtures__/personal-data-corpus.ts, target ≥ 0.98 on both),
 * the misses, and the time to detect and to mask a --chars-character message (default 4,000)
 * built from the corpus' sentences, --runs times.
 *
 *   npx tsx bench/personal-data.ts [--chars 4000] [--runs 1000]
 */
import { parseArgs } from 'node:util';
import { personalDataCorpus, scoreCorpus } from '../apps/api/src/modules/governance/__fixtures__/personal-data-corpus';
import { detectPersonalData, maskPersonalData } from '../apps/api/src/modules/governance/personal-data.rules';
import { percentile } from './lib';

const { values } = parseArgs({ options: { chars: { type: 'string', default: '4000' }, runs: { type: 'string', default: '1000' } } });
const CHARS = Number(values.chars);
const RUNS = Number(values.runs);

const positives = personalDataCorpus.filter((s) => s.expected.length > 0).length;
const { precision, recall, misses } = scoreCorpus();
console.log(`corpus: ${personalDataCorpus.length} sentences, ${positives} with personal data, ${personalDataCorpus.length - positives} negatives`);
console.log(`precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (target ≥ 0.98 on both)`);
for (const m of misses) console.log(`  ${m}`);

const time = (label: string, message: string, fn: (text: string) => unknown) => {
  for (let i = 0; i < 100; i += 1) fn(message);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const t = performance.now();
    fn(message);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`${label}: p50 ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms`);
};

// Two messages of the same length: the corpus' sentences in order (about half carry personal
// data), and only its negatives (the common case: nothing to find, every detector runs to the end).
const build = (sentences: string[]) => {
  let text = '';
  for (let i = 0; text.length < CHARS; i += 1) text += `${sentences[i % sentences.length]} `;
  return text.slice(0, CHARS);
};
const mixed = build(personalDataCorpus.map((s) => s.text));
const clean = build(personalDataCorpus.filter((s) => s.expected.length === 0).map((s) => s.text));
console.log(`message: ${mixed.length.toLocaleString('en')} characters, ${detectPersonalData(mixed).length} findings in the mixed one, ${detectPersonalData(clean).length} in the clean one (${RUNS} runs each)`);
time('detect, mixed', mixed, detectPersonalData);
time('mask, mixed  ', mixed, maskPersonalData);
time('detect, clean', clean, detectPersonalData);
