import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuiltApp } from '../app';
import type { AppConfig, ProvidersConfig } from '../config';
import { serverDatabase } from './instances';
import { type MailCatcher, startMailCatcher } from './mail-catcher';
import { type Database, ensurePgliteTemplate, openDatabase, pgliteTemplateName } from '../db/client';
import { members, tenants } from '../db/schema/index';
import { catalogFor } from '../llm/catalog';
import { createTenant } from '../modules/tenants/tenants.service';
import type { MemberContext } from '../platform/context';
import { rateLimitsConfig } from '../platform/rate-limits';

export const PASSWORD = 'Passw0rd!';

/** A fresh database per test file: in-memory PGlite, or a new database on TEST_DATABASE_URL's server. */
export async function freshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    // Every test file's database starts from one dump of a migrated database (no initdb, no migrations each time).
    const templateFile = path.join(tmpdir(), pgliteTemplateName());
    await ensurePgliteTemplate(templateFile);
    const database = await openDatabase({ kind: 'pglite', dataDir: null, templateFile });
    return { database, drop: () => database.close() };
  }
  const server = await serverDatabase(serverUrl);
  const database = await openDatabase({ kind: 'postgres', url: server.url });
  return {
    database,
    drop: async () => {
      await database.close();
      await server.drop();
    },
  };
}

export function testConfig(providers: ProvidersConfig = {}, smtpUrl = 'smtp://127.0.0.1:9'): AppConfig {
  return {
    port: 0,
    host: '127.0.0.1',
    // Files the app writes (task results) go to a folder of this test's own.
    dataDir: mkdtempSync(path.join(tmpdir(), 'platform-test-')),
    database: { kind: 'pglite', dataDir: null },
    defaultTenant: 'acme',
    jwtSecret: randomBytes(32).toString('hex'),
    accessTokenTtlSeconds: 900,
    refreshTokenTtlDays: 30,
    cookieSecure: false,
    webDist: '/nonexistent',
    logLevel: 'silent',
    seed: {},
    defaultMemberCreditQuota: 1000,
    providers,
    mail: { kind: 'smtp', url: smtpUrl, from: 'Platform <no-reply@platform.test>' },
    appUrl: null,
    bulkInviteBatchSize: 100,
    maskingCreditCost: 1,
    redisUrl: null,
    trustProxy: false,
    // Test files sign in and chat far more than a person would: limits are tested on their own.
    rateLimits: rateLimitsConfig({}, false),
  };
}

export interface TestTenant {
  id: number;
  subdomain: string;
  defaultGroupId: number;
  admin: { id: number; email: string };
  member: { id: number; email: string };
  other: { id: number; email: string };
}

export interface TestApp {
  app: FastifyInstance;
  built: BuiltApp;
  /**
   * The test's own view of the database: the owner's connection, past row-level security, for
   * setting up and inspecting rows of any tenant. The app itself uses `built.database`.
   */
  database: Database;
  config: AppConfig;
  /** A real SMTP server on loopback receiving the app's mail. */
  mail: MailCatcher;
  /** Two tenants: `a` (acme) and `b` (globex), each with an admin and two members. */
  a: TestTenant;
  b: TestTenant;
  signIn(tenant: TestTenant, email: string): Promise<string>;
  /** A member's context as a route gives it to a service, for calling services straight from a test. */
  memberContext(tenant: TestTenant, memberId: number): Promise<MemberContext>;
  /** Resolves once changes made straight in the database have reached the app's caches. */
  settle(): Promise<void>;
  /** app.inject with the tenant header and, when given, the access token. */
  call(tenant: TestTenant, token: string | null, opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

async function makeTenant(database: Database, config: AppConfig, subdomain: string): Promise<TestTenant> {
  const accounts = [
    { email: `admin@${subdomain}.test`, password: PASSWORD, name: 'Admin', isAdmin: true },
    { email: `member@${subdomain}.test`, password: PASSWORD, name: 'Member', isAdmin: false },
    { email: `other@${subdomain}.test`, password: PASSWORD, name: 'Other', isAdmin: false },
  ];
  const created = await createTenant(
    database.owner,
    { subdomain, koName: `${subdomain} 코`, enName: `${subdomain} en`, memberCreditQuota: config.defaultMemberCreditQuota, accounts },
    catalogFor(config.providers),
  );
  const [admin, member, other] = created.members;
  return {
    id: created.tenant.id,
    subdomain,
    defaultGroupId: created.defaultGroup.id,
    admin: { id: admin!.id, email: admin!.email },
    member: { id: member!.id, email: member!.email },
    other: { id: other!.id, email: other!.email },
  };
}

export async function buildTestApp(opts: { providers?: ProvidersConfig; config?: Partial<AppConfig>; tools?: NonNullable<Parameters<typeof buildApp>[1]>['tools'] } = {}): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  const mail = await startMailCatcher();
  const config = { ...testConfig(opts.providers, mail.url), ...opts.config };
  const built = await buildApp(config, { database, tools: opts.tools });
  const a = await makeTenant(database, config, 'acme');
  const b = await makeTenant(database, config, 'globex');
  const call: TestApp['call'] = async (tenant, token, o) => {
    await settle();
    return built.app.inject({
      ...o,
      headers: { 'x-tenant-subdomain': tenant.subdomain, ...(token ? { 'x-access-token': token } : {}), ...(o.headers ?? {}) },
    });
  };
  // Tests change rows straight in the database (admin screens come later). On a server the
  // NOTIFY reaches the caches a moment after the change, as for another instance: wait for it.
  // PGlite delivers it before the changing statement returns.
  const settle = () => (database.kind === 'postgres' ? built.caches.sync() : Promise.resolve());
  return {
    settle,
    mail,
    app: built.app,
    built,
    database: database.asOwner(),
    config,
    a,
    b,
    call,
    async signIn(tenant, email) {
      const res = await call(tenant, null, { method: 'POST', url: '/api/auth/sign-in/', payload: { email, password: PASSWORD } });
      if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
      return (res.json() as { access_token: string }).access_token;
    },
    async memberContext(tenant, memberId) {
      const owner = database.asOwner().db;
      const [tenantRow] = await owner.select().from(tenants).where(eq(tenants.id, tenant.id));
      const [memberRow] = await owner
        .select()
        .from(members)
        .where(and(eq(members.tenantId, tenant.id), eq(members.id, memberId)));
      if (!tenantRow || !memberRow) throw new Error(`no member ${memberId} in tenant ${tenant.id}`);
      return { tenantId: tenant.id, tenant: tenantRow, member: memberRow };
    },
    async close() {
      await built.close();
      await drop();
      await mail.close();
    },
  };
}
