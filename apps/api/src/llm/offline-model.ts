import type { LanguageModelV3, LanguageModelV3Prompt, LanguageModelV3StreamPart } from '@ai-sdk/provider';

export const OFFLINE_MODEL_NAME = 'offline-demo';
export const OFFLINE_DISPLAY_NAME = 'Offline demo — configure a provider';

function lastUserText(prompt: LanguageModelV3Prompt): string {
  for (let i = prompt.length - 1; i >= 0; i -= 1) {
    const m = prompt[i]!;
    if (m.role === 'user') return m.content.map((p) => (p.type === 'text' ? p.text : '')).join(' ');
  }
  return '';
}

function reply(question: string): string {
  const q = question.trim().slice(0, 200);
  return [
    `You said: "${q}".`,
    '',
    // Members read this: what to do is asked of the administrator, whose chat intro names the settings (web: offlineDemo.adminHint).
    'This is the **offline demo model**: no language model is set up yet, so this answer is a fixed text.',
    'To chat with a real model, ask your administrator to set up a model provider.',
  ].join('\n');
}

const usage = (input: number, output: number) => ({
  inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: output, text: output, reasoning: undefined },
});

/** A deterministic model so a fresh `npm start` can exercise every chat flow without a key. */
export function offlineModel(tokenDelayMs = 15): LanguageModelV3 {
  return {
    specificationVersion: 'v3',
    provider: 'offline',
    modelId: OFFLINE_MODEL_NAME,
    supportedUrls: {},
    async doGenerate(options) {
      const text = reply(lastUserText(options.prompt));
      return {
        content: [{ type: 'text', text }],
        finishReason: { unified: 'stop', raw: 'stop' },
        usage: usage(Math.ceil(JSON.stringify(options.prompt).length / 4), Math.ceil(text.length / 4)),
        warnings: [],
      };
    },
    async doStream(options) {
      const text = reply(lastUserText(options.prompt));
      const tokens = text.match(/\s*\S+|\n/g) ?? [];
      const signal = options.abortSignal;
      const stream = new ReadableStream<LanguageModelV3StreamPart>({
        async start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id: 't' });
          for (const t of tokens) {
            if (signal?.aborted) break;
            await new Promise((r) => setTimeout(r, tokenDelayMs));
            controller.enqueue({ type: 'text-delta', id: 't', delta: t });
          }
          controller.enqueue({ type: 'text-end', id: 't' });
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: usage(Math.ceil(JSON.stringify(options.prompt).length / 4), tokens.length),
          });
          controller.close();
        },
      });
      return { stream };
    },
  };
}
