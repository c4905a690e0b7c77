import { defineConfig } from '@playwright/test';

/**
 * Browser tests run Debian's Chromium against the production build served by the real API
 * process (fresh PGlite in .e2e-data), with the fake OpenAI-compatible upstream as the model.
 *
 * `E2E_LANE` (0, 1, …) gives a run its own API server, fake upstreams, data folder and results
 * folder (ports + 100 per lane): `npm test` runs two lanes side by side, each on half the spec
 * files (scripts/e2e-lanes.mjs). Without it, lane 0: the whole suite on one server.
 */
const LANE = Number(process.env.E2E_LANE ?? 0);
export const E2E_PORT = 3100 + LANE * 100;
export const FAKE_LLM_PORT = 4011 + LANE * 100;
export const FAKE_SEARCH_PORT = 4012 + LANE * 100;
/** The API server's DATA_DIR: its PGlite database and the mail outbox the tests read (e2e/mail.ts). */
export const E2E_DATA_DIR = LANE === 0 ? '.e2e-data' : `.e2e-data-${LANE}`;
export const E2E_ADMIN = { email: 'admin@demo.local', password: 'Admin-passw0rd!' };
export const E2E_MEMBER = { email: 'member@demo.local', password: 'Member-passw0rd!' };

/**
 * The API server's environment for a browser-test server on `port` with its data in `dataDir`:
 * the lane's server below, and a spec's own server (e2e/payple.spec.ts) with settings added.
 */
export function e2eServerEnv(port: number, dataDir: string): Record<string, string> {
  return {
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_ADMIN_EMAIL: E2E_ADMIN.email,
    SEED_ADMIN_PASSWORD: E2E_ADMIN.password,
    SEED_MEMBER_EMAIL: E2E_MEMBER.email,
    SEED_MEMBER_PASSWORD: E2E_MEMBER.password,
    OPENAI_COMPATIBLE_BASE_URL: `http://127.0.0.1:${FAKE_LLM_PORT}/v1`,
    OPENAI_COMPATIBLE_MODELS: 'fake-model,fake-model-2,fake-cheap',
    OPENAI_COMPATIBLE_LOW_COST_MODELS: 'fake-cheap',
    OPENAI_COMPATIBLE_VISION_MODELS: 'fake-model',
    // Image generation through the fake upstream's images API (e2e/chat-images.spec.ts).
    OPENAI_COMPATIBLE_IMAGE_MODELS: 'fake-image',
    WEB_SEARCH_PROVIDER: 'searxng',
    WEB_SEARCH_URL: `http://127.0.0.1:${FAKE_SEARCH_PORT}`,
    WEB_SEARCH_FETCH_PAGES: '0',
    DEFAULT_TENANT: 'demo',
    // The SSO spec's OpenID provider runs on plain http on loopback (issue 29).
    SSO_ALLOW_PRIVATE_NETWORKS: 'true',
    SSO_ALLOW_HTTP: 'true',
    // The suite signs the same accounts in far more often than a person would; the limits
    // themselves are tested through the API (apps/api/src/platform/security.test.ts).
    RATE_LIMITS: 'off',
  };
}

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: LANE === 0 ? 'test-results' : `test-results/lane-${LANE}`,
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    screenshot: 'only-on-failure',
    trace: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  webServer: [
    {
      command: `node --import tsx tools/fake-llm/server.ts --port ${FAKE_LLM_PORT} --delay 40 --record`,
      port: FAKE_LLM_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `node --import tsx tools/fake-search/server.ts --port ${FAKE_SEARCH_PORT} --record`,
      port: FAKE_SEARCH_PORT,
      reuseExistingServer: false,
      timeout: 30_000,
    },
    {
      command: `rm -rf ${E2E_DATA_DIR} && node --max-semi-space-size=16 --import tsx apps/api/src/main.ts`,
      url: `http://localhost:${E2E_PORT}/api/health/`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: e2eServerEnv(E2E_PORT, E2E_DATA_DIR),
    },
  ],
});
