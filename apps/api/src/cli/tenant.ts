/**
 * Operator tool: `npm run tenant -- create --subdomain acme --ko-name … --en-name …
 * [--admin-email … --admin-password … --logo-url …]` and `npm run tenant -- list`.
 * Uses the database `npm start` uses (DATA_DIR or DATABASE_URL).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { catalogFor } from '../llm/catalog';
import { AppError } from '../platform/errors';
import { assertPgliteFree } from '../platform/server-lock';
import { changeTenant, createTenant, findTenantBySubdomain, generatePassword, listTenants } from '../modules/tenants/tenants.service';

const usage = `Usage:
  npm run tenant -- list
  npm run tenant -- create --subdomain <label> --ko-name <name> --en-name <name> [--admin-email <email> [--admin-password <pw>]] [--logo-url <url>] [--max-members <n>] [--auto-approve]
  npm run tenant -- set --subdomain <label> [--max-members <n|none>] [--auto-approve | --no-auto-approve] [--disable | --enable]
(With OPERATOR_API_KEY the same is served over HTTP: /api/operator/tenants/, docs/deploy.md.)`;

/** The plan's member maximum: a positive number, or `none` for no limit. */
function maxMembersOf(raw: string | undefined): number | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === 'none') return null;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new AppError('validation_error', `--max-members takes a positive whole number or "none", not "${raw}"`);
  return n;
}

export async function runTenantCli(argv: string[], out: (line: string) => void = console.log): Promise<number> {
  const [command, ...rest] = argv;
  const { values } = parseArgs({
    args: rest,
    options: {
      subdomain: { type: 'string' },
      'ko-name': { type: 'string' },
      'en-name': { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-password': { type: 'string' },
      'logo-url': { type: 'string' },
      'max-members': { type: 'string' },
      'auto-approve': { type: 'boolean' },
      'no-auto-approve': { type: 'boolean' },
      disable: { type: 'boolean' },
      enable: { type: 'boolean' },
    },
    strict: true,
  });
  if (command !== 'list' && command !== 'create' && command !== 'set') {
    out(usage);
    return 2;
  }
  const config = loadConfig();
  if (config.database.kind === 'pglite') assertPgliteFree(config.dataDir);
  const database = await openDatabase(config.database);
  try {
    if (command === 'list') {
      const rows = await listTenants(database.owner);
      for (const r of rows) out(`${r.id}\t${r.subdomain}\t${r.koName}\t${r.enName}\tmax members ${r.maxMembers ?? 'none'}\t${r.autoApprove ? 'auto-approve' : 'approval'}\t${r.createdAt.toISOString()}${r.disabledAt ? `\tdisabled ${r.disabledAt.toISOString()}` : ''}`);
      if (rows.length === 0) out('(no tenants)');
      return 0;
    }
    if (command === 'set') {
      const tenant = values.subdomain ? await findTenantBySubdomain(database.owner, values.subdomain) : undefined;
      if (!tenant) {
        out(values.subdomain ? `Error: no tenant "${values.subdomain}"` : usage);
        return values.subdomain ? 1 : 2;
      }
      const maxMembers = maxMembersOf(values['max-members']);
      const autoApprove = values['auto-approve'] ? true : values['no-auto-approve'] ? false : undefined;
      // Disabled: its members get 423 on every call until enabled (decision 040); a second --disable keeps the first time.
      const disabledAt = values.disable ? (tenant.disabledAt ?? new Date()) : values.enable ? null : undefined;
      const row = await changeTenant(database.owner, tenant.id, { ...(maxMembers !== undefined && { maxMembers }), ...(autoApprove !== undefined && { autoApprove }), ...(disabledAt !== undefined && { disabledAt }) });
      out(`Tenant "${row.subdomain}": max members ${row.maxMembers ?? 'none'}, ${row.autoApprove ? 'sign-ups approved automatically' : 'sign-ups wait for approval'}${row.disabledAt ? `, disabled since ${row.disabledAt.toISOString()}` : ''}.`);
      return 0;
    }
    if (!values.subdomain || !values['ko-name'] || !values['en-name']) {
      out(usage);
      return 2;
    }
    const adminPassword = values['admin-password'] ?? (values['admin-email'] ? generatePassword() : undefined);
    const created = await createTenant(
      database.owner,
      {
        subdomain: values.subdomain,
        koName: values['ko-name'],
        enName: values['en-name'],
        logoUrl: values['logo-url'] ?? null,
        memberCreditQuota: config.defaultMemberCreditQuota,
        maxMembers: maxMembersOf(values['max-members']) ?? null,
        autoApprove: values['auto-approve'] ?? false,
        accounts: values['admin-email'] ? [{ email: values['admin-email'], password: adminPassword!, name: 'Admin', isAdmin: true }] : [],
      },
      catalogFor(config.providers),
    );
    out(`Tenant "${created.tenant.subdomain}" created (id ${created.tenant.id}).`);
    if (values['admin-email']) {
      out(`  admin: ${values['admin-email']}  password: ${values['admin-password'] ? '(as given)' : adminPassword}`);
    }
    return 0;
  } catch (err) {
    if (err instanceof AppError) {
      out(`Error: ${err.message}`);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

const isMain = process.argv[1]?.endsWith('tenant.ts') || process.argv[1]?.endsWith('tenant.js');
if (isMain) {
  runTenantCli(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (err: unknown) => {
      console.error(err instanceof Error ? err.message : err);
      process.exit(1);
    },
  );
}
