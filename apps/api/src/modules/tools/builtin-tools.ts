import type { JSONValue } from '@ai-sdk/provider';
import type { BuiltinTool } from '@app/contracts/tools';
import { z } from 'zod';
import type { Tool, ToolDefinition } from '../../llm/tools';
import { guardedFetch } from '../../platform/ssrf';
import { htmlToText } from '../web-search/web-search.rules';
import { CODE_INTERPRETER_DESCRIPTION } from './code-interpreter';
import { codeInterpreterTool } from './code-interpreter-tool';
import { generateImageTool } from './generate-image-tool';
import type { ToolScope, ToolsDeps } from './tools.types';

/** What the model is told about each built-in tool. */
export const BUILTIN_DEFINITIONS: Record<BuiltinTool, ToolDefinition> = {
  knowledge_search: {
    name: 'knowledge_search',
    description: "Searches this chatbot's documents. Returns numbered excerpts; cite them by their number, like [1].",
    inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'What to look for' } }, required: ['query'], additionalProperties: false },
  },
  web_search: {
    name: 'web_search',
    description: 'Searches the web. Returns numbered results with page text; cite them by their number, like [1].',
    inputSchema: { type: 'object', properties: { query: { type: 'string', description: 'The search query' } }, required: ['query'], additionalProperties: false },
  },
  read_web_page: {
    name: 'read_web_page',
    description: 'Reads a public web page and returns its text.',
    inputSchema: { type: 'object', properties: { url: { type: 'string', description: 'The http(s) address of the page' } }, required: ['url'], additionalProperties: false },
  },
  current_time: {
    name: 'current_time',
    description: "The current date and time in the member's time zone.",
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
  },
  code_interpreter: {
    name: 'code_interpreter',
    description: CODE_INTERPRETER_DESCRIPTION,
    inputSchema: { type: 'object', properties: { code: { type: 'string', description: 'The Python program' } }, required: ['code'], additionalProperties: false },
  },
  generate_image: {
    name: 'generate_image',
    description: 'Generates an image from a description and shows it to the member with this answer.',
    inputSchema: { type: 'object', properties: { prompt: { type: 'string', description: 'What the image shows, in detail' } }, required: ['prompt'], additionalProperties: false },
  },
};

/** Day names by `getUTCDay()`: `toLocaleDateString` builds a formatter per call (a millisecond each, bench/agent-steps.ts). */
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** Knowledge excerpts one search gives the model. */
const KNOWLEDGE_CHUNKS = 5;
/** A page the read tool takes: its size and time. */
const PAGE_MAX_BYTES = 2 * 1024 * 1024;
const PAGE_TIMEOUT_MS = 10_000;
/** What the model gets of a page's text. */
const PAGE_MAX_CHARS = 20_000;

const queryInput = z.object({ query: z.string().trim().min(1).max(1000) });
const urlInput = z.object({ url: z.string().url().max(2000).refine((u) => /^https?:\/\//i.test(u), 'Only http and https addresses') });

/** The SSRF guard's fetch (platform/ssrf.ts): public addresses only, size and time capped, ended by a stop. */
const guardedPage = (url: string, signal: AbortSignal) => guardedFetch(url, { maxBytes: PAGE_MAX_BYTES, timeoutMs: PAGE_TIMEOUT_MS, signal });

/** A text the platform sends out (a query, an address): restricted words refuse it, personal data is masked (spec §8). */
async function screened(scope: ToolScope, deps: ToolsDeps, text: string): Promise<string> {
  const s = await deps.governance.screen(scope.ctx.tenantId, text);
  if (s.maskingUnits > 0n) scope.masked(s.maskingUnits);
  return s.text;
}

type Execute = (input: unknown, scope: ToolScope, deps: ToolsDeps, signal: AbortSignal) => Promise<JSONValue>;

const EXECUTE: Record<Exclude<BuiltinTool, 'code_interpreter' | 'generate_image'>, Execute> = {
  /** The chatbot's own documents only: its tenant and id come from the answer, never from the model. */
  async knowledge_search(raw, scope, deps) {
    const { query } = queryInput.parse(raw);
    const chunks = await deps.files.retrieve(scope.ctx, scope.chatbotId, query, KNOWLEDGE_CHUNKS);
    const numbers = scope.cite(
      chunks.map((c) => ({ kind: 'document' as const, title: c.heading ? `${c.document_name} — ${c.heading}` : c.document_name, url: null, snippet: c.chunk.slice(0, 300), score: c.score })),
    );
    return { results: chunks.map((c, i) => ({ source: numbers[i]!, document: c.document_name, heading: c.heading, text: c.chunk })) };
  },

  /** The search and its page reads end as soon as the answer is stopped (`signal`). */
  async web_search(raw, scope, deps, signal) {
    const { query } = queryInput.parse(raw);
    const found = await deps.webSearch.run(scope.ctx, await screened(scope, deps, query), { signal });
    if (found.searchCount > 0) scope.searched(found.searchCount);
    const numbers = scope.cite(found.sources.map((r) => ({ kind: 'web' as const, title: r.title, url: r.url, snippet: r.snippet.slice(0, 300), score: null })));
    return { results: found.sources.map((r, i) => ({ source: numbers[i]!, title: r.title, url: r.url, text: r.content ?? r.snippet })) };
  },

  async read_web_page(raw, scope, deps, signal) {
    const { url } = urlInput.parse(raw);
    const target = await screened(scope, deps, url);
    const page = await (deps.fetchPage ?? guardedPage)(target, signal);
    const html = page.body.toString('utf8');
    const text = /html|xml/i.test(page.contentType) ? htmlToText(html, PAGE_MAX_CHARS) : html.slice(0, PAGE_MAX_CHARS);
    const [source] = scope.cite([{ kind: 'web', title: page.url, url: page.url, snippet: text.slice(0, 300), score: null }]);
    return { source: source!, url: page.url, text };
  },

  /** The platform keeps no member or tenant time zone: UTC, said so. */
  current_time() {
    const now = new Date();
    return Promise.resolve({ iso: now.toISOString(), time_zone: 'UTC', weekday: WEEKDAYS[now.getUTCDay()]! });
  },
};

/** One built-in tool bound to an answer's scope. */
export function createBuiltinTool(name: BuiltinTool, scope: ToolScope, deps: ToolsDeps): Tool {
  const definition = BUILTIN_DEFINITIONS[name];
  if (name === 'code_interpreter') return codeInterpreterTool(definition, scope, deps);
  if (name === 'generate_image') return generateImageTool(definition, scope, deps);
  const execute = EXECUTE[name];
  return { ...definition, execute: (input, { abortSignal }) => execute(input, scope, deps, abortSignal) };
}
