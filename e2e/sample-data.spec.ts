import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN, E2E_PORT, e2eServerEnv } from '../playwright.config';
import { signInAs } from './fixtures';

/**
 * The demo with sample data (`SAMPLE_DATA=1`), as a new user starts it: an API server of this
 * spec's own. The Edit member dialog shows a sample member's real groups: their default group
 * (their team) selected, not the first default group the select happens to list.
 */
test.describe.configure({ mode: 'serial' });

const PORT = E2E_PORT + 60;
const APP = `http://localhost:${PORT}`;
const DATA_DIR = `.e2e-data-sample-${PORT}`;
test.use({ baseURL: APP });

let server: ChildProcess;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  rmSync(DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...e2eServerEnv(PORT, DATA_DIR), SAMPLE_DATA: '1' },
  });
  const deadline = Date.now() + 140_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The sample-data spec's API server exited with ${server.exitCode}`);
    const up = await fetch(`${APP}/api/health/`).then((r) => r.ok, () => false);
    if (up) break;
    if (Date.now() > deadline) throw new Error('The sample-data spec’s API server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(DATA_DIR, { recursive: true, force: true });
});

test("the Edit member dialog shows a sample member's real default group", async ({ page }) => {
  await signInAs(page, E2E_ADMIN, 'en');
  await page.goto('/admin/members');
  await page.getByTestId('members-search').fill('Emily Carter');
  const row = page.getByTestId('members-table').locator('tbody tr');
  await expect(row).toHaveCount(1);
  // Emily is in Marketing (her default group), as the list says.
  await expect(row.getByText('Marketing')).toBeVisible();

  await row.getByRole('button', { name: 'Edit Emily Carter' }).click();
  const modal = page.getByTestId('member-edit-modal');
  await expect(modal.getByTestId('member-edit-name')).toHaveValue('Emily Carter');
  const select = modal.getByTestId('member-edit-default-group');
  await expect(select.locator('option:checked')).toHaveText('Marketing');
  // Not offered again as an additional group of hers.
  await expect(modal.getByTestId('member-edit-groups').getByText('Marketing')).toHaveCount(0);

  // Saving another change keeps her groups.
  await modal.getByTestId('member-edit-name').fill('Emily Carter-Lee');
  const saved = page.waitForResponse((r) => r.url().includes('/api/admin/members/') && r.request().method() === 'PATCH');
  await modal.getByTestId('member-edit-save').click();
  const body = (await (await saved).json()) as { default_member_group_id: number; name: string };
  expect(body.name).toBe('Emily Carter-Lee');
  await page.getByTestId('members-search').fill('Emily Carter-Lee');
  await expect(row.getByText('Marketing')).toBeVisible();
  await row.getByRole('button', { name: 'Edit Emily Carter-Lee' }).click();
  await expect(select.locator('option:checked')).toHaveText('Marketing');
});
