import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import { type Database, openDatabase, statement } from './db/client';
import { createLlmRegistry } from './integrations/models/index';
import { type CacheHub, createCacheHub } from './platform/cache';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './platform/error-handler';
import { createErrorReporter } from './platform/error-report';
import { AppError } from './platform/errors';
import { registerClientErrorRoutes } from './platform/error-report.routes';
import { registerBodyLimits } from './platform/body-limits';
import { registerInputGuards } from './platform/input-guards';
import { createMailer } from './integrations/mail/index';
import { registerRateLimits } from './platform/rate-limits';
import { registerRequestContext } from './platform/request-context';
import { registerRouteSecurity } from './platform/route-security';
import { registerSecurityHeaders } from './platform/security-headers';
import { recordRedisError, registerMetrics } from './platform/metrics';
import { instrumentRedis, traceFields, traceHttp, tracingEnabled } from './platform/tracing';
import { fastifyTrustProxy } from './platform/trust-proxy';
import { mailSendLimits } from './platform/send-limits';
import { createSignInLimits } from './platform/sign-in-limits';
import { type Lifecycle, registerHealthRoutes } from './platform/health';
import { Redis } from 'ioredis';
import { createTokenService } from './platform/tokens';
import { registerAnnouncementRoutes } from './modules/announcements/announcements.routes';
import { createAnnouncementsService } from './modules/announcements/announcements.service';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { createAuthService } from './modules/auth/auth.service';
import { registerCategoryRoutes } from './modules/categories/categories.routes';
import { createCategoriesService } from './modules/categories/categories.service';
import { registerChatRoutes } from './modules/chat/chat.routes';
import { createChatService, imageCostUnits, requestImages } from './modules/chat/chat.service';
import { registerChatbotRoutes } from './modules/chatbots/chatbots.routes';
import { createChatbotsService } from './modules/chatbots/chatbots.service';
import { squareImages } from './modules/chatbots/images.service';
import { createPublishingService } from './modules/chatbots/publishing.service';
import { registerFileRoutes, type UploadTargets } from './modules/files/files.routes';
import { createFilesService } from './modules/files/files.service';
import { createStorage } from './integrations/storage/index';
import { registerGovernanceRoutes } from './modules/governance/governance.routes';
import { createGovernanceService } from './modules/governance/governance.service';
import { registerWebSearchRoutes } from './modules/web-search/web-search.routes';
import { createWebSearchService } from './modules/web-search/web-search.service';
import { registerCreditRoutes } from './modules/credits/credits.routes';
import { registerDashboardRoutes } from './modules/dashboards/dashboards.routes';
import { createDashboardsService, USAGE_EXPORT_TASK } from './modules/dashboards/dashboards.service';
import { createCreditsService } from './modules/credits/credits.service';
import { registerLlmModelRoutes } from './modules/llm-models/llm-models.routes';
import { registerToolRoutes } from './modules/tools/tools.routes';
import { createToolsService, lazyCodeRunner, type ToolsDeps } from './modules/tools/tools.service';
import { createLlmModelsService } from './modules/llm-models/llm-models.service';
import { registerInvitationRoutes } from './modules/invitations/invitations.routes';
import { createInvitationsService } from './modules/invitations/invitations.service';
import { registerGroupRoutes } from './modules/members/groups.routes';
import { createGroupsService } from './modules/members/groups.service';
import { registerMemberRoutes } from './modules/members/members.routes';
import { createMembersService } from './modules/members/members.service';
import { registerSessionRoutes } from './modules/sessions/sessions.routes';
import { registerReleaseNotesRoutes } from './modules/release-notes/release-notes.routes';
import { createReleaseNotesService } from './modules/release-notes/release-notes.service';
import { registerSignUpRoutes } from './modules/sign-up/sign-up.routes';
import { createSignUpService } from './modules/sign-up/sign-up.service';
import { createSessionsService } from './modules/sessions/sessions.service';
import { registerTaskRoutes } from './modules/tasks/tasks.routes';
import { createTasksService } from './modules/tasks/tasks.service';
import { registerChatSettingsRoutes, registerTenantRoutes } from './modules/tenants/tenants.routes';
import { registerOperatorRoutes } from './modules/operator/operator.routes';
import { createOperatorService } from './modules/operator/operator.service';
import { catalogFor } from './llm/catalog';
import { createChatSettingsService, findTenantById, findTenantBySubdomain } from './modules/tenants/tenants.service';
import { registerApiKeyRoutes } from './modules/apikeys/apikeys.routes';
import { createApiKeysService } from './modules/apikeys/apikeys.service';
import { registerOpenAiRoutes } from './modules/apikeys/openai.routes';
import { registerBillingRoutes } from './modules/billing/billing.routes';
import { createBillingService, paymentsFromConfig } from './modules/billing/billing.service';
import { registerTaskModeRoutes } from './modules/task-modes/task-modes.routes';
import { createTaskModesService } from './modules/task-modes/task-modes.service';
import { registerSsoAuthRoutes, registerSsoRoutes } from './modules/sso/sso.routes';
import { createSsoService, createWhitelistService, WHITELIST_EXPORT_TASK } from './modules/sso/sso.service';
import { createSmsSender } from './integrations/sms/index';
import { createSsoClients } from './integrations/sso/index';

// The oid too: a database dropped and made again under the same name is another database.
const DATABASE_NAME_SQL = statement('app_database_name', "select current_database() || ':' || (select oid from pg_database where datname = current_database()) as name");
/** Which database this is, for Redis keys: instances of one deployment agree, two deployments (or test databases) differ. */
async function databaseName(database: Database, config: AppConfig): Promise<string> {
  if (database.kind === 'pglite') return config.database.kind === 'pglite' && config.database.dataDir ? config.database.dataDir : randomUUID();
  const [row] = await database.raw<{ name: string }>(DATABASE_NAME_SQL, []);
  return `${config.database.kind === 'postgres' ? new URL(config.database.url).host : ''}/${row?.name ?? ''}`;
}

export interface BuiltApp {
  app: FastifyInstance;
  database: Database;
  /** Per-process caches; `caches.sync()` waits for changes made straight in the database. */
  caches: CacheHub;
  /** Background jobs run on demand (tests drive them with their own clock). */
  jobs: {
    runRenewals(now?: Date): Promise<unknown>;
    /** Deletes the expiring files whose time is up (with their text); how many. */
    expireFiles(now?: Date): Promise<number>;
    /** Resolves once the files queued for parsing are parsed. */
    filesParsed(): Promise<void>;
    /** A crash's recovery, alone on the database: answers left streaming become interrupted, charged what their last flush recorded; how many. */
    recoverInterrupted(): Promise<number>;
  };
  /**
   * The first half of a graceful shutdown (decision 040): stops accepting connections, answers
   * every new request 503 (`/api/ready/` included), lets the answers generating here finish for up
   * to `graceMs`, then closes the rest as interrupted. `close()` follows.
   */
  drain(graceMs: number): Promise<{ running: number; stopped: number }>;
  close(): Promise<void>;
}

const defaultWebDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** The only way to make a server: tests, `npm start` and benchmarks all come through here. */
/**
 * `tools`: the code interpreter's sandbox (none: the tool is not offered) and, for tests, the
 * read-a-page tool's fetch (default: the SSRF guard's).
 */
export async function buildApp(config: AppConfig, opts: { database?: Database; tools?: Pick<ToolsDeps, 'codeRunner' | 'fetchPage'> } = {}): Promise<BuiltApp> {
  const database = opts.database ?? (await openDatabase(config.database));
  const { db } = database;
  const webDist = config.webDist ?? defaultWebDist;
  const spa = existsSync(path.join(webDist, 'index.html'));

  const app = Fastify({
    // With tracing on (decision 052), every line written inside a span carries its trace and span ids.
    logger: tracingEnabled() ? { level: config.logLevel, mixin: traceFields } : { level: config.logLevel },
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Ids and hashes are far shorter than 100 characters: a longer parameter, or one that does not
    // decode, is refused by the router in the error shape (frameworkErrors), never a bare 414/400;
    // so is a request Node's parser refuses (clientErrorHandler: a URL past 16 KB, a bad request line).
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 100 },
    frameworkErrors,
    clientErrorHandler,
    // Per-request lines only when debugging: a streamed chat is one request and the hot path.
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' && config.logLevel !== 'trace' }),
  });
  // Spans per request (only when startTracing ran) and Prometheus metrics (only with METRICS_TOKEN),
  // first: their hooks see every route registered after them.
  traceHttp(app);
  if (config.metrics) await registerMetrics(app, config.metrics);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // Responses ≥ 500 and the web app's own errors: the log, and ERROR_REPORT_URL when set (decision 036).
  const reporter = createErrorReporter({ url: config.errorReportUrl, log: app.log });
  app.addHook('onClose', () => reporter.flush());
  registerErrorHandler(app, { spa, reporter });
  registerInputGuards(app);
  registerRouteSecurity(app);
  registerBodyLimits(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Chatbot platform API', version: '1.0.0' },
      components: {
        securitySchemes: {
          accessToken: { type: 'apiKey', in: 'header', name: 'x-access-token' },
          tenant: { type: 'apiKey', in: 'header', name: 'x-tenant-subdomain' },
          operatorKey: { type: 'apiKey', in: 'header', name: 'x-operator-key' },
        },
      },
      security: [{ accessToken: [], tenant: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  const payple = config.payments?.payple;
  await registerSecurityHeaders(app, { paymentOrigin: payple?.clientKey ? new URL(payple.scriptUrl).origin : null });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1 }) : undefined;
  if (redis) {
    // Counted and logged (ioredis printed them itself while nobody listened); it reconnects on its own.
    redis.on('error', (err: Error) => {
      recordRedisError('connection');
      app.log.warn({ err: err.message }, 'redis error');
    });
    if (config.metrics || tracingEnabled()) instrumentRedis(redis, () => recordRedisError('command'));
  }
  if (redis) app.addHook('onClose', async () => void (await redis.quit().catch(() => undefined)));
  // Liveness and readiness for balancers and orchestrators; a draining instance refuses new requests.
  const lifecycle: Lifecycle = { draining: false };
  registerHealthRoutes(app, { database, redis, lifecycle });
  const limits = await registerRateLimits(app, config.rateLimits, redis);

  const tokens = createTokenService(config.jwtSecret, config.accessTokenTtlSeconds);
  const registry = createLlmRegistry(config.providers);
  const caches = await createCacheHub(database);
  app.addHook('onClose', () => caches.stop());
  // Modules, each given the narrow views of the others it needs: the one place they meet.
  const mailer = createMailer(config.mail, (line) => app.log.info(line));
  app.addHook('onClose', () => mailer.close());
  const members = createMembersService({ db, mailer });
  const groups = createGroupsService({ db, caches });
  const llmModels = createLlmModelsService({ db, caches, groups: { groupIds: members.groupIds, all: groups.all } });
  // Files (decision 034): uploads to the storage, parsed in the background, expiring ones swept.
  const files = createFilesService({
    db,
    owner: database.owner,
    storage: createStorage(config.storage ?? { kind: 'local', dir: path.join(config.dataDir, 'files') }),
    tmpDir: path.join(config.dataDir, 'tmp', 'uploads'),
    limits: config.fileLimits,
    parsing: config.fileParsing,
    secret: config.jwtSecret,
    log: (line) => app.log.warn(line),
    embedder: registry.embedder(),
  });
  await files.start();
  app.addHook('onClose', () => files.stop());
  const chatbots = createChatbotsService({ database, caches, models: llmModels, images: squareImages, documentFiles: files });
  const publishing = createPublishingService({
    db,
    mailer,
    present: (ctx, id) => chatbots.get(ctx, id),
    memberById: members.findById,
    log: (line) => app.log.warn(line),
  });
  const sessions = createSessionsService({
    db,
    chatbots,
    titles: { models: llmModels, registry, log: (line) => app.log.warn(line) },
    files: {
      // A history's attachments: the member's own files' signed links (an expired one has none).
      async linksFor(ctx, ids) {
        const links = new Map<number, string>();
        await Promise.all(ids.map(async (id) => links.set(id, (await files.get(ctx, id)).url)).map((p) => p.catch(() => undefined)));
        return links;
      },
    },
  });
  // What an upload may name (issue 38 item 6): each id is one the member may use, else 404 (a
  // session or file of another member is as unknown to them as one that never was).
  const hidden = (code: 'session_not_found' | 'file_not_found') => (err: unknown) => {
    throw err instanceof AppError && err.code === 'forbidden' ? new AppError(code) : err;
  };
  const uploadTargets: UploadTargets = {
    async check(ctx, { chatbotId, sessionId, attachedFileIds }) {
      if (chatbotId !== undefined) await chatbots.get(ctx, chatbotId);
      if (sessionId !== undefined) await sessions.get(ctx, sessionId).catch(hidden('session_not_found'));
      for (const id of new Set(attachedFileIds ?? [])) await files.get(ctx, id).catch(hidden('file_not_found'));
    },
  };
  const credits = createCreditsService({ database, caches, members, groups });
  const governance = createGovernanceService({ db, caches, maskingCost: config.maskingCreditCost });
  // Web search for chats (decision 035): the tenant's provider or the server's; result pages through the SSRF guard.
  const webSearch = createWebSearchService({ db, caches, config: config.webSearch, secret: config.jwtSecret, log: (line) => app.log.warn(line) });
  const taskModes = createTaskModesService({ db, models: { exists: async (ctx, id) => !!(await llmModels.enabledModel(ctx, id).catch(() => null)) } });
  // Built-in tools (decision 050): group access like model access; the agent loop runs them in the chat.
  // The code interpreter's sandbox (decision 051) starts at its first run.
  const sandbox = config.codeInterpreter && !opts.tools?.codeRunner ? lazyCodeRunner(config.codeInterpreter) : null;
  if (sandbox) app.addHook('onClose', () => sandbox.close());
  const codeRunner = opts.tools?.codeRunner ?? sandbox;
  const tools = createToolsService({
    db,
    caches,
    models: llmModels,
    groups,
    files,
    webSearch,
    governance,
    codeRunner,
    // `generate_image` (decision 050): the tenant's image models through the registry, priced as an image answer (decision 038).
    images: {
      modelFor: (ctx) => llmModels.imageGeneration(ctx),
      generate: (model, prompt, signal) => requestImages(registry.imageModel({ provider: model.provider, modelName: model.modelName }), prompt, signal),
      costUnits: imageCostUnits,
    },
    fetchPage: opts.tools?.fetchPage,
  });
  const chat = createChatService({ database, chatbots, models: llmModels, sessions, credits, governance, registry, members, taskModes, files, webSearch, tools });
  // Several instances (issue 30): live answers' reattach and stop cross instances through Redis (decision 041).
  if (redis) {
    const channel = await chat.shareThrough(redis, await databaseName(database, config));
    app.addHook('onClose', () => channel.close());
  }
  const apiKeys = createApiKeysService({ database, caches, owners: { tenantById: (id) => findTenantById(db, id), memberById: members.findById, usableChatbot: (ctx, id) => chatbots.get(ctx, id) }, log: (line) => app.log.warn(line) });
  app.addHook('onClose', () => apiKeys.flushUses());
  const signUp = createSignUpService({ db, mailer, secret: config.jwtSecret, members, codeLimits: mailSendLimits(config.rateLimits.codesPerEmail) });
  const authService = createAuthService({ db, tokens, members, mailer, refreshTtlDays: config.refreshTokenTtlDays, resetLimits: mailSendLimits(config.rateLimits.passwordResetPerAccount),
    signInLimits: createSignInLimits(config.rateLimits, redis),
    accessTtlSeconds: config.accessTokenTtlSeconds,
    caches,
  });
  // Single sign-on (decision 039): OIDC providers and directories as tenant data, secrets sealed.
  const ssoConfig = config.sso ?? { secret: null, allowPrivateNetworks: false, allowHttp: false, sms: { kind: 'outbox' as const, dir: path.join(config.dataDir, 'sms-outbox') } };
  const invitations = createInvitationsService({ db, mailer, members, groups, batchSize: config.bulkInviteBatchSize });
  const sso = createSsoService({
    db,
    secret: ssoConfig.secret ?? config.jwtSecret,
    allowHttp: ssoConfig.allowHttp,
    ...createSsoClients(ssoConfig),
    mailer,
    sms: createSmsSender(ssoConfig.sms, (line) => app.log.info(line)),
    members,
    auth: authService,
    signUp,
    invitations,
  });
  const whitelist = createWhitelistService({ db, batchSize: config.bulkInviteBatchSize });
  // Background tasks: a queue in the database, a runner in every instance (decision 025).
  const tasks = createTasksService({
    db,
    owner: database.owner,
    filesDir: path.join(config.dataDir, 'files'),
    startupStaleSeconds: database.kind === 'pglite' ? 0 : 60,
    staleSeconds: database.kind === 'pglite' ? null : 60,
    log: (line) => app.log.warn(line),
  });
  tasks.register('members_export', async ({ task, file, report }) => {
    await members.exportCsv(task.tenantId, file, report);
    return { fileName: `members-${new Date().toISOString().slice(0, 10)}.csv` };
  });
  tasks.register(WHITELIST_EXPORT_TASK, async ({ task, file, report }) => {
    await whitelist.exportCsv(task.tenantId, file, report);
    return { fileName: `sso-whitelist-${new Date().toISOString().slice(0, 10)}.csv` };
  });
  const dashboards = createDashboardsService({ db });
  tasks.register(USAGE_EXPORT_TASK, ({ task, file, report }) => dashboards.exportUsageCsv(task.tenantId, task.params, file, report));
  await tasks.start();
  app.addHook('onClose', () => tasks.stop());
  // Plans and payments (decision 032): renewals and scheduled ends run every minute.
  const billing = createBillingService({ database, credits, members, mailer, ...paymentsFromConfig(config.payments, config.jwtSecret), log: (line) => app.log.warn(line) });
  billing.start(60_000);
  app.addHook('onClose', () => billing.stop());
  registerRequestContext(app, {
    loaders: { tenantBySubdomain: (subdomain) => findTenantBySubdomain(db, subdomain), memberById: members.findById, endedSessions: authService.endedSessions },
    tokens,
    defaultTenant: config.defaultTenant,
    caches,
  });

  await app.register(
    async (api) => {
      registerTenantRoutes(api);
      // Only the auth routes read or set a cookie (the refresh token): its parsing hook runs for them
      // alone, not on every request (the chat stream among them).
      await api.register(async (auth) => {
        await auth.register(cookie);
        registerAuthRoutes(auth, { auth: authService, cookieSecure: config.cookieSecure, refreshTtlDays: config.refreshTokenTtlDays, limits });
        registerSsoAuthRoutes(auth, { sso, limits, cookieSecure: config.cookieSecure, refreshTtlDays: config.refreshTokenTtlDays });
      });
      registerMemberRoutes(api, { members, startExport: (ctx) => tasks.enqueue(ctx, 'members_export') });
      registerTaskRoutes(api, { tasks });
      registerGroupRoutes(api, { groups });
      registerSignUpRoutes(api, { signUp, limits });
      registerInvitationRoutes(api, { invitations, appUrl: config.appUrl });
      registerCreditRoutes(api, { credits });
      registerDashboardRoutes(api, { dashboards, startExport: (ctx, params) => tasks.enqueue(ctx, USAGE_EXPORT_TASK, params) });
      registerLlmModelRoutes(api, { llmModels });
      registerToolRoutes(api, { tools });
      registerCategoryRoutes(api, { categories: createCategoriesService({ db }) });
      registerChatbotRoutes(api, { chatbots, publishing, limits });
      registerSessionRoutes(api, { sessions });
      registerReleaseNotesRoutes(api, { releaseNotes: createReleaseNotesService({ members }) });
      registerClientErrorRoutes(api, { reporter, limits });
      registerChatRoutes(api, { chat, limits });
      registerAnnouncementRoutes(api, { announcements: createAnnouncementsService({ db }) });
      registerGovernanceRoutes(api, { governance });
      registerWebSearchRoutes(api, { webSearch });
      registerApiKeyRoutes(api, { apiKeys });
      registerTaskModeRoutes(api, { taskModes });
      registerChatSettingsRoutes(api, { chatSettings: createChatSettingsService({ db, caches }) });
      registerFileRoutes(api, { files, limits, targets: uploadTargets });
      registerBillingRoutes(api, { billing });
      registerSsoRoutes(api, { sso, whitelist, limits, startExport: (ctx) => tasks.enqueue(ctx, WHITELIST_EXPORT_TASK) });
      // The operator API (decision 040): only with OPERATOR_API_KEY; tenants across the platform, on the owner's connection.
      if (config.operatorApiKey) {
        const operator = createOperatorService({ owner: database.owner, caches, catalog: () => catalogFor(config.providers), defaultMemberCreditQuota: config.defaultMemberCreditQuota });
        await registerOperatorRoutes(api, { operator, key: config.operatorApiKey });
      }
      // Later modules register here.
    },
    { prefix: '/api' },
  );

  // The OpenAI-compatible developer API (issue 28): its own path, authentication and error shape.
  await app.register(async (v1) => registerOpenAiRoutes(v1, { apiKeys, chatbots, chat, limits, log: (line) => app.log.warn(line) }), { prefix: '/v1' });

  if (spa) {
    await app.register(fastifyStatic, { root: webDist, wildcard: false, index: 'index.html' });
  }

  await app.ready();
  return {
    app,
    database,
    caches,
    jobs: {
      runRenewals: (now) => billing.runRenewals(now),
      expireFiles: (now) => files.expire(now),
      filesParsed: () => files.idle(),
      recoverInterrupted: () => chat.recoverInterrupted(),
    },
    async drain(graceMs) {
      lifecycle.draining = true;
      // No new connections; idle keep-alive ones are closed, busy ones end after their request.
      if (app.server.listening) app.server.close();
      return chat.drain(graceMs);
    },
    async close() {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
}
