import { z } from 'zod';
import { defineEndpoints } from './endpoint';

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

const adminErrors = [401, 403, 422] as const;

export const endpoints = defineEndpoints({
  status: {
    method: 'GET',
    path: '/web-search/',
    tags: ['chat'],
    description: "Whether the tenant's web search is on (with a provider): the chat offers its switch only then.",
    response: webSearchStatusSchema,
    errors: [401],
  },
  getSettings: {
    method: 'GET',
    path: '/admin/web-search-settings/',
    auth: 'admin',
    tags: ['admin'],
    description: "The tenant's web search settings; the API key is never returned (api_key_set).",
    response: webSearchSettingsSchema,
    errors: adminErrors,
  },
  saveSettings: {
    method: 'PUT',
    path: '/admin/web-search-settings/',
    auth: 'admin',
    tags: ['admin'],
    description: 'Replaces the web search settings: on/off, provider (null = the server’s), URL, API key (absent keeps it, null removes it) and result count.',
    body: saveWebSearchSettingsBody,
    response: webSearchSettingsSchema,
    errors: adminErrors,
  },
});

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
