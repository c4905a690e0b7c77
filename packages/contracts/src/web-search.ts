import { z } from 'zod';

/** Search providers (issue 27 §1, decision 035): a self-hosted SearXNG, or the Tavily or Brave APIs. */
export const WEB_SEARCH_PROVIDERS = ['searxng', 'tavily', 'brave'] as const;
export const webSearchProviderSchema = z.enum(WEB_SEARCH_PROVIDERS);
export type WebSearchProvider = z.infer<typeof webSearchProviderSchema>;

export const WEB_SEARCH_MAX_RESULTS = 20;

/**
 * `GET /admin/web-search-settings/`: the tenant's settings. `provider` null = the server's
 * (`WEB_SEARCH_*`, shown as `server_provider`, null when the server has none). The API key is
 * write-only: only whether one is stored (`api_key_set`).
 */
export const webSearchSettingsSchema = z.object({
  is_enabled: z.boolean(),
  provider: webSearchProviderSchema.nullable(),
  url: z.string().nullable(),
  api_key_set: z.boolean(),
  /** Results put in the prompt per search; null = the server's (`server_max_results`). */
  max_results: z.number().int().nullable(),
  server_provider: webSearchProviderSchema.nullable(),
  server_max_results: z.number().int(),
  updated_at: z.string().nullable(),
});
export type WebSearchSettings = z.infer<typeof webSearchSettingsSchema>;

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => /^https?:\/\/[^\s/]+/i.test(v) && URL.canParse(v), { message: 'validation_error' });

/** `GET /web-search/`: whether a member's chat may search the web (the tenant's switch and a provider), for the chat's switch. */
export const webSearchStatusSchema = z.object({ is_enabled: z.boolean() });
export type WebSearchStatus = z.infer<typeof webSearchStatusSchema>;

/**
 * `PUT /admin/web-search-settings/`. `api_key`: absent keeps the stored key, null removes it, a
 * string replaces it. SearXNG needs a URL; Tavily and Brave need a key (sent now or stored): else
 * 422 `web_search_settings_invalid`. For Tavily and Brave a URL replaces their public endpoint.
 */
export const saveWebSearchSettingsBody = z.object({
  is_enabled: z.boolean(),
  provider: webSearchProviderSchema.nullable(),
  url: httpUrl.nullable().default(null),
  api_key: z.string().trim().min(1).max(500).nullable().optional(),
  max_results: z.number().int().min(1).max(WEB_SEARCH_MAX_RESULTS).nullable().default(null),
});
export type SaveWebSearchSettingsBody = z.input<typeof saveWebSearchSettingsBody>;

/**
 * A web search result as the chat uses it: put in the prompt as `[index]`, sent to the browser as a
 * `source` event and shown as a numbered citation.
 */
export const webSearchSourceSchema = z.object({
  /** 1-based: the number the answer cites, `[1]`. */
  index: z.number().int().min(1),
  title: z.string(),
  url: z.string(),
  snippet: z.string(),
});
export type WebSearchSource = z.infer<typeof webSearchSourceSchema>;
