import { isIP } from 'node:net';

/**
 * Which proxies in front of the API are believed about the client (`TRUST_PROXY`, decision 047):
 * `false` none (the socket's address is the client's); a number, that many hops counted from the
 * API (1: the proxy that connects to the API, whose own view of the client is the right-most
 * `X-Forwarded-For` entry); a list, the proxies' addresses or CIDR ranges (also `loopback`,
 * `linklocal`, `uniquelocal`), trusted wherever they stand in the chain.
 */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrRange(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  const family = isIP(address ?? '');
  if (family === 0 || extra !== undefined) return false;
  if (bits === undefined) return true;
  // A prefix length, or an IPv4 netmask as proxy-addr reads it.
  if (/^\d{1,3}$/.test(bits)) return Number(bits) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(bits) === 4;
}

/**
 * `TRUST_PROXY`'s value: `false` (or unset, or `0`); `true` = 1 hop (the shipped nginx config
 * overwrites `X-Forwarded-For` with the address it saw); a hop count; or a comma-separated list of
 * proxy addresses and CIDR ranges. `null` for anything else.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const v = value?.trim().toLowerCase() ?? '';
  if (v === '' || v === 'false' || v === '0') return false;
  if (v === 'true') return 1;
  if (/^\d+$/.test(v)) return Number(v) <= 32 ? Number(v) : null;
  const list = v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 && list.every(isAddressOrRange) ? list : null;
}

/**
 * What Fastify's `trustProxy` gets. A hop count is passed as a function: Fastify's own numeric
 * form believes no header at all (it cannot tell a proxy from a client), and `true` would believe
 * the left-most `X-Forwarded-For` entry, which the client writes.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false || setting === 0) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}
