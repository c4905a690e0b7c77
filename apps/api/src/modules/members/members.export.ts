import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Db } from '../../db/client';
import { unitsToDisplay } from '../credits/credits.rules';
import { countMembers, listCustomFields, membersAfter, membershipsOf } from './members.repo';
import { listAllGroups } from './groups.repo';

const PAGE = 1000;

/** One CSV cell: quoted when needed; a leading = + - @ is defused so a spreadsheet never runs it as a formula. */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Writes every member of the tenant as CSV — UTF-8 with a byte order mark, so Excel opens Korean
 * names correctly — a page at a time, reporting progress after each page.
 */
export async function exportMembersCsv(db: Db, tenantId: number, file: string, report: (done: number, total: number) => Promise<void>): Promise<void> {
  const [total, fields, groups] = await Promise.all([countMembers(db, tenantId), listCustomFields(db, tenantId), listAllGroups(db, tenantId)]);
  const groupName = new Map(groups.map((g) => [g.id, g.enName]));
  const out = createWriteStream(file);
  const write = async (line: string) => {
    if (!out.write(line)) await once(out, 'drain');
  };
  await write('\uFEFF');
  const header = ['id', 'name', 'email', 'status', 'is_admin', 'default_group', 'additional_groups', ...fields.map((f) => f.enName), 'custom_credit_limit', 'joined_at'];
  await write(`${header.map(csvCell).join(',')}\r\n`);
  let after = 0;
  let done = 0;
  await report(0, total);
  for (;;) {
    const page = await membersAfter(db, tenantId, after, PAGE);
    if (page.length === 0) break;
    const extra = new Map<number, string[]>();
    for (const m of await membershipsOf(db, tenantId, page.map((p) => p.id))) {
      const list = extra.get(m.memberId) ?? [];
      list.push(groupName.get(m.groupId) ?? String(m.groupId));
      extra.set(m.memberId, list);
    }
    let chunk = '';
    for (const m of page) {
      const values = (m.customFields ?? {}) as Record<string, unknown>;
      chunk += `${[
        m.id,
        m.name,
        m.email,
        m.memberStatus,
        m.isAdmin,
        m.defaultMemberGroupId === null ? '' : (groupName.get(m.defaultMemberGroupId) ?? ''),
        (extra.get(m.id) ?? []).join('; '),
        ...fields.map((f) => values[String(f.id)] ?? ''),
        m.customCreditLimitUnits === null ? '' : unitsToDisplay(m.customCreditLimitUnits),
        m.createdAt.toISOString(),
      ]
        .map(csvCell)
        .join(',')}\r\n`;
    }
    await write(chunk);
    after = page.at(-1)!.id;
    done += page.length;
    await report(done, Math.max(total, done));
  }
  out.end();
  await once(out, 'finish');
}
