import { lookup } from 'node:dns/promises';
import { Client, InvalidCredentialsError } from 'ldapts';
import { AppError } from '../../platform/errors';
import { isPublicAddress } from '../../platform/ssrf';
import type { DirectoryClient, DirectoryPerson, DirectorySettings, SsoClientOptions } from './types';

/** RFC 4514: the id a person types becomes one attribute value of a DN, never more of it. */
export function escapeDnValue(value: string): string {
  return value
    .replace(/[\\,+"<>;=\0]/g, (c) => (c === '\0' ? '\\00' : `\\${c}`))
    .replace(/^([ #])/, '\\$1')
    .replace(/ $/, '\\ ');
}

/**
 * Binds to the directory as the person (their DN from the template, their password) and reads
 * their own entry. A wrong id or password is `sso_credentials_invalid` (401); a directory that does
 * not answer, `sso_failed` (424). Unless the operator allows private networks, the directory must
 * resolve to public addresses only (the URL is a tenant administrator's, decision 035).
 */
async function bindAndRead(s: DirectorySettings, userId: string, password: string, opts: { allowPrivateNetworks: boolean }): Promise<DirectoryPerson> {
  let host: string;
  try {
    host = new URL(s.url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    throw new AppError('sso_settings_invalid', undefined, { field: 'directory_url' });
  }
  if (!opts.allowPrivateNetworks) {
    const addresses = await lookup(host, { all: true }).catch(() => []);
    if (addresses.length === 0 || addresses.some((a) => !isPublicAddress(a.address))) throw new AppError('sso_failed');
  }
  const dn = s.bindDnTemplate.replaceAll('{user_id}', escapeDnValue(userId));
  const client = new Client({ url: s.url, timeout: 5000, connectTimeout: 5000 });
  try {
    await client.bind(dn, password);
    const { searchEntries } = await client.search(dn, { scope: 'base', attributes: [s.attributes.email, s.attributes.name, s.attributes.phone] });
    const entry: Record<string, unknown> = searchEntries[0] ?? {};
    const first = (name: string): string | null => {
      const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
      const v = key ? entry[key] : undefined;
      const one = Array.isArray(v) ? v[0] : v;
      return one === undefined ? null : String(one).trim() || null;
    };
    return { email: first(s.attributes.email)?.toLowerCase() ?? null, name: first(s.attributes.name), phone: first(s.attributes.phone) };
  } catch (err) {
    if (err instanceof InvalidCredentialsError) throw new AppError('sso_credentials_invalid');
    if (err instanceof AppError) throw err;
    throw new AppError('sso_failed');
  } finally {
    await client.unbind().catch(() => undefined);
  }
}

/** The directory (LDAP) protocol client of the SSO registry. */
export function createDirectoryClient(opts: Pick<SsoClientOptions, 'allowPrivateNetworks'>): DirectoryClient {
  return { bindAndRead: (s, userId, password) => bindAndRead(s, userId, password, opts) };
}
