/**
 * Restricted words at the spec's scale: compiles --words words (default 10,000, half Korean, half
 * English) into the automaton, then times `find` over a --chars-character mixed Korean/English
 * message (default 4,000) --runs times. Prints the compile time and p50 / p95 per match
 * (target ≤ 1 ms).
 *
 *   npx tsx bench/restricted-words.ts [--words 10000] [--chars 4000] [--runs 2000]
 */
import { parseArgs } from 'node:util';
import { compileRestrictedWords } from '../apps/api/src/modules/governance/restricted-words.rules';
import { percentile } from './lib';

const { values } = parseArgs({ options: { words: { type: 'string', default: '10000' }, chars: { type: 'string', default: '4000' }, runs: { type: 'string', default: '2000' } } });
const WORDS = Number(values.words);
const CHARS = Number(values.chars);
const RUNS = Number(values.runs);

// Deterministic pseudo-random words: Korean from common syllables, English from letters.
let seed = 42;
const rand = (n: number) => {
  // mulberry32
  seed = (seed + 0x6d2b79f5) | 0;
  let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
  return ((x ^ (x >>> 14)) >>> 0) % n;
};
const syllables = '가나다라마바사아자차카타파하고노도로모보소오조초코토포호구누두루무부수우주추쿠투푸후기니디리미비시이지치키티피히개내대래매배새애재채캐태패해금지욕설비속어';
const letters = 'abcdefghijklmnopqrstuvwxyz';
const word = (i: number) => {
  const len = 2 + rand(5);
  const pool = i % 2 ? syllables : letters;
  let w = '';
  for (let k = 0; k < len + (i % 2 ? 0 : 3); k += 1) w += pool[rand(pool.length)];
  return w;
};
const unique = new Set<string>();
for (let i = 0; unique.size < WORDS; i += 1) unique.add(word(i));
const words = [...unique];

const sentence = [
  '안녕하세요, 이번 분기 매출 보고서를 요약해 주세요. ',
  'Please summarise the attached quarterly report and list the three main risks. ',
  '고객 문의에 답변할 때는 정중한 표현을 사용하고 개인정보는 언급하지 마세요. ',
  'The meeting moved to Thursday at 3 p.m.; bring the budget spreadsheet (v2.4). ',
  '회의록: 신규 기능 출시 일정은 다음 주 화요일로 확정되었습니다. ',
];
let message = '';
for (let i = 0; message.length < CHARS; i += 1) message += sentence[i % sentence.length];
message = message.slice(0, CHARS - 20) + ` ${words[1]} ${words[2]}.`;

// The first compile in a process runs cold (before the JIT); later ones are what a list change costs.
let t = performance.now();
let matcher = compileRestrictedWords(words);
const compileMs = performance.now() - t;
const warmCompiles: number[] = [];
for (let i = 0; i < 5; i += 1) {
  t = performance.now();
  matcher = compileRestrictedWords(words);
  warmCompiles.push(performance.now() - t);
}
warmCompiles.sort((a, b) => a - b);

const found = matcher.find(message).map((h) => h.term);
for (let i = 0; i < 200; i += 1) matcher.find(message);
const times: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  t = performance.now();
  matcher.find(message);
  times.push(performance.now() - t);
}
times.sort((a, b) => a - b);

console.log(`words compiled: ${matcher.size.toLocaleString('en')} (distinct, half Korean 2–6 syllables, half English 5–9 letters)`);
console.log(`compile: first ${compileMs.toFixed(1)} ms, then median ${percentile(warmCompiles, 50).toFixed(1)} ms of 5`);
console.log(`message: ${message.length.toLocaleString('en')} characters, terms found: ${found.join(', ') || 'none'}`);
console.log(`match (${RUNS} runs): p50 ${percentile(times, 50).toFixed(3)} ms, p95 ${percentile(times, 95).toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms (target ≤ 1 ms)`);
