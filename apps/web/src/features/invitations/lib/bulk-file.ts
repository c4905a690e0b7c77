import { type InviteRow, type InviteRowError, inviteRowSchema } from '@app/contracts/invitations';
import type { CustomField } from '@app/contracts/sign-up-settings';
import { decodeText, isCompoundDocument, isZip, readXlsxRows } from '../../../lib/spreadsheet';

/**
 * The bulk member file (spec §5 "Bulk member file", §8 "Upload row errors"), read and checked in
 * the browser before anything is sent. File-level problems refuse the whole file; of the row
 * rules only those the file alone decides are checked here (an email or a unique custom-field
 * value repeated within the file). Every other row rule is the server's: its answer carries the
 * §8 error of each row.
 */

/** Rows a file may hold (spec §9 leaves the figure open; the issue asks 10,000 to complete). */
export const BULK_MAX_ROWS = 10_000;

/** The template's fixed columns, in order. */
export const FIXED_COLUMNS = ['name', 'email', 'group', 'additional_groups'] as const;
/**
 * Optional single sign-on columns (spec §5 "SSO id required and valid", decision 039): the
 * platform (its name, or its id as the console shows it) and the person's id there. The template
 * has them when the tenant has an SSO platform.
 */
export const SSO_COLUMNS = ['sso_platform', 'sso_id'] as const;
type FixedColumn = (typeof FIXED_COLUMNS)[number] | (typeof SSO_COLUMNS)[number];

/** The longest SSO id (the server's rule too). */
export const SSO_ID_MAX = 255;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/** The column our failed-rows download adds; ignored when that file comes back fixed. */
export const ERROR_COLUMN = 'error';

/** Separator of the additional groups in their cell. */
export const GROUP_SEPARATOR = ';';

/** Header names each fixed column is known by (compared normalised: see `normalizeHeader`). */
const FIXED_ALIASES: Record<FixedColumn, string[]> = {
  name: ['name', '이름'],
  email: ['email', 'e-mail', '이메일'],
  group: ['group', 'default group', '그룹', '기본 그룹'],
  additional_groups: ['additional groups', '추가 그룹'],
  sso_platform: ['sso platform', 'sso platform id', 'sso 플랫폼'],
  sso_id: ['sso id', 'sso 아이디'],
};

/** A row's error: the server's §8 codes plus those only the whole file can tell. */
export type RowErrorCode = InviteRowError | 'email_duplicated' | 'sso_id_duplicated';

/** A record of the file: its line (the header is line 1, as a spreadsheet numbers rows) and its cells. */
export interface FileRecord {
  line: number;
  cells: string[];
}

/** Why a whole file is refused (nothing is sent). */
export type FileProblem =
  | { kind: 'unreadable' }
  | { kind: 'invalid_csv'; lines: number[] }
  | { kind: 'stray_values'; lines: number[] }
  | { kind: 'missing_columns'; columns: string[] }
  | { kind: 'duplicate_columns'; columns: string[] }
  | { kind: 'required_field_columns'; fieldIds: number[] }
  | { kind: 'non_signup_field_columns'; columns: string[] }
  | { kind: 'no_rows' }
  | { kind: 'too_many_rows'; count: number; max: number };

/** Columns nobody knows: ignored, and said so before sending. */
export interface FileWarning {
  kind: 'unknown_columns';
  columns: string[];
}

/** A row of the file, with what is sent for it. */
export interface PreparedRow extends FileRecord {
  member: InviteRow & { row: number; email: string; name: string };
}

/** A row the file check failed: not sent. */
export interface LocalFailure extends PreparedRow {
  error: RowErrorCode;
  /** The custom field (id) a custom-field error is about. */
  field: string | null;
  /** The earlier line holding the same email or value. */
  firstLine: number | null;
}

export interface BulkPlan {
  header: string[];
  toSend: PreparedRow[];
  failed: LocalFailure[];
  warnings: FileWarning[];
  /** Data rows in the file. */
  total: number;
}

export type CheckResult = { ok: true; plan: BulkPlan } | { ok: false; problems: FileProblem[] };

/** Headers compare without case, width or spacing differences: "Additional groups" = "additional_groups". */
export function normalizeHeader(s: string): string {
  return s.normalize('NFKC').trim().toLowerCase().replace(/[\s_]+/g, ' ');
}

const isBlankRecord = (cells: string[]) => cells.every((c) => c.trim() === '');

type Column = { kind: 'fixed'; name: FixedColumn } | { kind: 'field'; field: CustomField } | { kind: 'ignored' } | { kind: 'unknown' };

function columnOf(header: string, fields: readonly CustomField[]): Column {
  const h = normalizeHeader(header);
  if (h === '' || h === ERROR_COLUMN) return { kind: 'ignored' };
  for (const name of [...FIXED_COLUMNS, ...SSO_COLUMNS]) if (FIXED_ALIASES[name].some((a) => normalizeHeader(a) === h)) return { kind: 'fixed', name };
  const field = fields.find((f) => normalizeHeader(f.ko_name) === h || normalizeHeader(f.en_name) === h);
  return field ? { kind: 'field', field } : { kind: 'unknown' };
}

/** The value a unique field is compared by (the server stores numbers as `String(Number(v))`). */
function uniqueKey(field: CustomField, value: string): string {
  return field.field_type === 'number' && /^-?\d+(\.\d+)?$/.test(value) ? String(Number(value)) : value;
}

/** The §8 error the server would give a row its request schema refuses (so one long cell cannot fail a whole batch). */
function envelopeError(member: PreparedRow['member']): { error: RowErrorCode; field: string | null } | null {
  const parsed = inviteRowSchema.safeParse(member);
  if (parsed.success) return null;
  const path = parsed.error.issues[0]?.path ?? [];
  switch (path[0]) {
    case 'email':
      return { error: 'email_too_long', field: null };
    case 'name':
      return { error: 'name_invalid', field: null };
    case 'group':
    case 'additional_groups':
      return { error: 'group_not_found', field: null };
    case 'custom_fields':
      return { error: 'custom_field_invalid', field: path[1] === undefined ? null : String(path[1]) };
    case 'sso_platform':
      return { error: 'sso_platform_missing', field: null };
    case 'sso_id':
      return { error: 'sso_id_invalid', field: null };
    default:
      return { error: 'unknown', field: null };
  }
}

/**
 * Checks a file's records against the tenant's custom fields (every field, sign-up or not: a
 * column of a non-sign-up field refuses the file, spec §5) and prepares what to send.
 */
export function checkBulkRecords(records: readonly FileRecord[], fields: readonly CustomField[]): CheckResult {
  const filled = records.filter((r) => !isBlankRecord(r.cells));
  const headerRecord = filled[0];
  if (!headerRecord) return { ok: false, problems: [{ kind: 'no_rows' }] };
  const header = headerRecord.cells.map((c) => c.trim());
  const data = filled.slice(1);
  const problems: FileProblem[] = [];

  const columns = header.map((h) => columnOf(h, fields));
  const seen = new Map<string, string[]>();
  columns.forEach((c, i) => {
    const key = c.kind === 'fixed' ? c.name : c.kind === 'field' ? `field:${c.field.id}` : null;
    if (key) seen.set(key, [...(seen.get(key) ?? []), header[i]!]);
  });
  const index = (key: string) => columns.findIndex((c) => (c.kind === 'fixed' ? c.name : c.kind === 'field' ? `field:${c.field.id}` : null) === key);

  const missing = (['name', 'email'] as const).filter((c) => !seen.has(c));
  if (missing.length) problems.push({ kind: 'missing_columns', columns: missing });
  const duplicates = [...seen.values()].filter((hs) => hs.length > 1).map((hs) => hs.join(' / '));
  if (duplicates.length) problems.push({ kind: 'duplicate_columns', columns: duplicates });
  const requiredMissing = fields.filter((f) => f.is_signup_field && f.is_required && !seen.has(`field:${f.id}`));
  if (requiredMissing.length) problems.push({ kind: 'required_field_columns', fieldIds: requiredMissing.map((f) => f.id) });
  const nonSignup = columns.flatMap((c, i) => (c.kind === 'field' && !c.field.is_signup_field ? [header[i]!] : []));
  if (nonSignup.length) problems.push({ kind: 'non_signup_field_columns', columns: nonSignup });
  const stray = data.filter((r) => r.cells.slice(header.length).some((c) => c.trim() !== '')).map((r) => r.line);
  if (stray.length) problems.push({ kind: 'stray_values', lines: stray.slice(0, 10) });
  if (data.length === 0) problems.push({ kind: 'no_rows' });
  if (data.length > BULK_MAX_ROWS) problems.push({ kind: 'too_many_rows', count: data.length, max: BULK_MAX_ROWS });
  if (problems.length) return { ok: false, problems };

  const unknown = columns.flatMap((c, i) => (c.kind === 'unknown' ? [header[i]!] : []));
  const warnings: FileWarning[] = unknown.length ? [{ kind: 'unknown_columns', columns: unknown }] : [];
  const at = (r: FileRecord, i: number) => (i < 0 ? '' : (r.cells[i] ?? '').trim());
  const iName = index('name');
  const iEmail = index('email');
  const iGroup = index('group');
  const iExtra = index('additional_groups');
  const iSsoPlatform = index('sso_platform');
  const iSsoId = index('sso_id');
  const fieldColumns = fields.flatMap((f) => {
    const i = index(`field:${f.id}`);
    return i < 0 ? [] : [{ field: f, i }];
  });

  const toSend: PreparedRow[] = [];
  const failed: LocalFailure[] = [];
  const emails = new Map<string, number>();
  const ssoIds = new Map<string, number>();
  const uniques = new Map<string, number>();
  for (const r of data) {
    const custom: Record<string, string> = {};
    for (const { field, i } of fieldColumns) {
      const v = at(r, i);
      if (v !== '') custom[String(field.id)] = v;
    }
    const member = {
      row: r.line,
      name: at(r, iName),
      email: at(r, iEmail),
      group: at(r, iGroup) || null,
      additional_groups: at(r, iExtra)
        .split(GROUP_SEPARATOR)
        .map((g) => g.trim())
        .filter(Boolean),
      custom_fields: custom,
      ...(iSsoPlatform >= 0 || iSsoId >= 0 ? { sso_platform: at(r, iSsoPlatform) || null, sso_id: at(r, iSsoId) || null } : {}),
    };
    const row: PreparedRow = { ...r, member };
    const fail = (error: RowErrorCode, field: string | null, firstLine: number | null) => failed.push({ ...row, error, field, firstLine });

    const envelope = envelopeError(member);
    if (envelope) {
      fail(envelope.error, envelope.field, null);
      continue;
    }
    // SSO columns: what the file alone decides (whether the platform exists and is enabled is the server's).
    const ssoError = ssoRowError(member.sso_platform ?? null, member.sso_id ?? null);
    if (ssoError) {
      fail(ssoError, null, null);
      continue;
    }
    const ssoKey = member.sso_platform && member.sso_id ? `${normalizeHeader(member.sso_platform)}\u0000${member.sso_id}` : null;
    const firstSso = ssoKey ? ssoIds.get(ssoKey) : undefined;
    // The first row of an email or a unique value is sent; a later one repeats it.
    const emailKey = member.email.toLowerCase();
    const firstEmail = emailKey ? emails.get(emailKey) : undefined;
    if (firstEmail !== undefined) {
      fail('email_duplicated', null, firstEmail);
      continue;
    }
    if (firstSso !== undefined) {
      fail('sso_id_duplicated', null, firstSso);
      continue;
    }
    const repeated = fieldColumns.find(({ field }) => field.is_unique && custom[String(field.id)] !== undefined && uniques.has(`${field.id}:${uniqueKey(field, custom[String(field.id)]!)}`));
    if (repeated) {
      const key = `${repeated.field.id}:${uniqueKey(repeated.field, custom[String(repeated.field.id)]!)}`;
      fail('custom_field_duplicated', String(repeated.field.id), uniques.get(key)!);
      continue;
    }
    if (emailKey) emails.set(emailKey, r.line);
    if (ssoKey) ssoIds.set(ssoKey, r.line);
    for (const { field } of fieldColumns) {
      const v = custom[String(field.id)];
      if (field.is_unique && v !== undefined) uniques.set(`${field.id}:${uniqueKey(field, v)}`, r.line);
    }
    toSend.push(row);
  }
  return { ok: true, plan: { header, toSend, failed, warnings, total: data.length } };
}

/**
 * A row's SSO cells (spec §5 "SSO id required and valid", §8 "SSO platform missing"): none, or a
 * platform with an id of 1 to 255 characters without control characters; an id without a
 * platform names none.
 */
export function ssoRowError(platform: string | null, ssoId: string | null): RowErrorCode | null {
  const id = (ssoId ?? '').trim();
  if (!platform) return id === '' ? null : 'sso_platform_missing';
  if (id === '' || id.length > SSO_ID_MAX || CONTROL.test(id)) return 'sso_id_invalid';
  return null;
}

/** Splits rows into batches of `size` (the server takes at most `max` per request). */
export function toBatches<T>(rows: readonly T[], size: number, max: number): T[][] {
  const n = Math.max(1, Math.min(size, max));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += n) out.push(rows.slice(i, i + n));
  return out;
}

// ---- Reading a file -------------------------------------------------------------------------

export type ReadResult = { ok: true; records: FileRecord[] } | { ok: false; problem: FileProblem };

/** Comma as in the template; a file with none on its first line but tabs or semicolons uses those. */
function delimiterOf(text: string): string {
  const first = text.slice(0, text.search(/\r?\n|$/));
  if (first.includes(',')) return ',';
  if (first.includes('\t')) return '\t';
  return first.includes(';') ? ';' : ',';
}

/** CSV text to records (papaparse, loaded on first use). */
export async function parseCsvText(text: string): Promise<ReadResult> {
  if (text.includes('\u0000')) return { ok: false, problem: { kind: 'unreadable' } };
  const { default: Papa } = await import('papaparse');
  // Without papaparse's header mode: it would rename a repeated header and lose the lines of
  // records after blank ones; here each record keeps its line and blank ones are dropped after.
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: false, delimiter: delimiterOf(text) });
  const broken = parsed.errors.filter((e) => e.type === 'Quotes' || e.type === 'FieldMismatch');
  if (broken.length) return { ok: false, problem: { kind: 'invalid_csv', lines: [...new Set(broken.map((e) => (e.row ?? 0) + 1))].slice(0, 10) } };
  const records = parsed.data.map((cells, i) => ({ line: i + 1, cells: cells.map(String) })).filter((r) => !isBlankRecord(r.cells));
  return { ok: true, records };
}

/** The first sheet of an XLSX file. */
export async function parseXlsx(buffer: ArrayBuffer): Promise<ReadResult> {
  const rows = await readXlsxRows(buffer);
  if (!rows) return { ok: false, problem: { kind: 'unreadable' } };
  return { ok: true, records: rows.map((cells, i) => ({ line: i + 1, cells })).filter((r) => !isBlankRecord(r.cells)) };
}

/** A chosen file's records: XLSX by its zip signature, else CSV text. */
export async function readBulkFile(file: Blob): Promise<ReadResult> {
  let buffer: ArrayBuffer;
  try {
    buffer = await file.arrayBuffer();
  } catch {
    return { ok: false, problem: { kind: 'unreadable' } };
  }
  if (isZip(buffer)) return parseXlsx(buffer);
  if (isCompoundDocument(buffer)) return { ok: false, problem: { kind: 'unreadable' } };
  const text = decodeText(buffer);
  return text === null ? { ok: false, problem: { kind: 'unreadable' } } : parseCsvText(text);
}

// ---- Writing CSV ----------------------------------------------------------------------------

/** Excel opens UTF-8 CSV with Korean correctly only with a byte-order mark. */
const BOM = '\uFEFF';

function csvCell(v: string): string {
  return /[",\r\n]|^\s|\s$/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export function toCsv(rows: readonly (readonly string[])[]): string {
  return BOM + rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/**
 * The template: the fixed columns, the SSO columns when the tenant has an SSO platform (the
 * example names the first), one per sign-up custom field (named in `language`), and an example row.
 */
export function templateCsv(fields: readonly CustomField[], language: string, example: { name: string; email: string; group: string; text: string; ssoPlatform?: string | null; ssoId?: string }): string {
  const signup = fields.filter((f) => f.is_signup_field).sort((a, b) => a.sort_order - b.sort_order || a.id - b.id);
  const name = (f: CustomField) => (language === 'ko' ? f.ko_name || f.en_name : f.en_name || f.ko_name);
  const sso = example.ssoPlatform ? [...SSO_COLUMNS] : [];
  return toCsv([
    [...FIXED_COLUMNS, ...sso, ...signup.map(name)],
    [example.name, example.email, example.group, '', ...(example.ssoPlatform ? [example.ssoPlatform, example.ssoId ?? ''] : []), ...signup.map((f, i) => (f.field_type === 'number' ? String(1001 + i) : example.text))],
  ]);
}

/** The failed rows as uploaded, each with its error; fixed, the file can be uploaded again. */
export function failedRowsCsv(header: readonly string[], rows: ReadonlyArray<{ cells: readonly string[]; message: string }>): string {
  const width = header.length;
  return toCsv([[...header, ERROR_COLUMN], ...rows.map((r) => [...Array.from({ length: width }, (_, i) => r.cells[i] ?? ''), r.message])]);
}
