import type { AppConfig } from './config';
import type { Db } from './db/client';
import { catalogFor } from './llm/catalog';
import { seedDemoPlans } from './modules/billing/billing.service';
import { markReleaseNotesSeenByAdmins } from './modules/release-notes/release-notes.service';
import { createTenant, findTenantBySubdomain, generatePassword, listTenants, syncModels } from './modules/tenants/tenants.service';
import { seedSampleData } from './sample-data';

export const DEMO_SUBDOMAIN = 'demo';

/** First start: the demo tenant. Every start: model rows for newly configured providers. */
export async function seed(db: Db, config: AppConfig, log: (line: string) => void) {
  const catalog = catalogFor(config.providers);
  if (!(await findTenantBySubdomain(db, DEMO_SUBDOMAIN))) {
    const admin = { email: config.seed.adminEmail ?? 'admin@demo.local', password: config.seed.adminPassword ?? generatePassword() };
    const member = { email: config.seed.memberEmail ?? 'member@demo.local', password: config.seed.memberPassword ?? generatePassword() };
    const created = await createTenant(
      db,
      {
        subdomain: DEMO_SUBDOMAIN,
        koName: '데모 조직',
        enName: 'Demo Organisation',
        logoUrl: '/brand/demo-logo.svg',
        memberCreditQuota: config.defaultMemberCreditQuota,
        accounts: [
          { ...admin, name: 'Demo Admin', isAdmin: true },
          { ...member, name: 'Demo Member', isAdmin: false },
        ],
      },
      catalog,
    );
    await seedDemoPlans(db, created.tenant.id);
    await markReleaseNotesSeenByAdmins(db, created.tenant.id);
    log('Demo tenant "demo" created.');
    log(`  admin:  ${admin.email}  password: ${config.seed.adminPassword ? '(from SEED_ADMIN_PASSWORD)' : admin.password}`);
    log(`  member: ${member.email}  password: ${config.seed.memberPassword ? '(from SEED_MEMBER_PASSWORD)' : member.password}`);
    if (!config.seed.adminPassword || !config.seed.memberPassword) log('  (generated passwords are shown only this once)');
  }
  for (const t of await listTenants(db)) {
    const added = await db.transaction((tx) => syncModels(tx, t.id, catalog));
    if (added > 0) log(`Tenant "${t.subdomain}": ${added} new model(s) added from the configured providers.`);
  }
  // SAMPLE_DATA=1: members, groups, chatbots, sessions and a month of usage in the demo tenant, once.
  const demo = config.sampleData ? await findTenantBySubdomain(db, DEMO_SUBDOMAIN) : undefined;
  if (demo) await seedSampleData(db, demo.id, log);
}
