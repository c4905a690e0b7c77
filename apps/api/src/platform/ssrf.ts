import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { type ClientRequest, type IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';

/**
 * The SSRF guard (decision 035): every fetch of a URL that came from outside — a web search's result
 * pages — goes through `guardedFetch`. Only http(s) without credentials; the host is resolved and
 * refused when ANY of its addresses is not public (private, loopback, link-local, CGNAT, multicast,
 * unspecified, documentation, cloud metadata, IPv4-mapped/NAT64/6to4 forms of those); the connection
 * goes to the address that was checked (pinned, so a DNS answer that changes between the check and
 * the connect cannot swap it); each redirect is checked again; body size and total time are capped.
 */

export type SsrfReason = 'scheme' | 'credentials' | 'address' | 'dns' | 'redirects' | 'too_large' | 'timeout' | 'network';

export class SsrfError extends Error {
  constructor(
    readonly reason: SsrfReason,
    message: string,
  ) {
    super(message);
    this.name = 'SsrfError';
  }
}

export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

export interface GuardOptions {
  /** Largest body, decompressed (default 1 MB). */
  maxBytes?: number;
  /** The whole fetch, redirects included (default 5 s). */
  timeoutMs?: number;
  /** Redirects followed, each checked again (default 3). */
  maxRedirects?: number;
  /** How hostnames are resolved (default `dns.lookup` of all addresses); tests map names to addresses. */
  resolve?: Resolver;
  /**
   * Also allow loopback addresses (127.0.0.0/8, ::1) — and nothing else that is not public. Only for
   * tests, whose servers can listen on loopback alone; never set from configuration.
   */
  allowLoopback?: boolean;
  /** Sent as `accept`. */
  accept?: string;
  /** GET by default; a POST becomes a GET on a 301/302/303 redirect, as browsers do. */
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Ends the fetch early (a stopped answer): it fails as a timeout does. */
  signal?: AbortSignal;
}

export interface GuardedResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
}

const DEFAULTS = { maxBytes: 1024 * 1024, timeoutMs: 5_000, maxRedirects: 3 };

const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? reject(err) : resolve(addresses))));

// ---------------------------------------------------------------------------------------------
// Address classification

function v4ToInt(ip: string): number {
  const p = ip.split('.').map(Number);
  return ((p[0]! << 24) >>> 0) + (p[1]! << 16) + (p[2]! << 8) + p[3]!;
}
const v4Range = (cidr: string): [number, number] => {
  const [base, bits] = cidr.split('/');
  const mask = Number(bits) === 0 ? 0 : (~0 << (32 - Number(bits))) >>> 0;
  return [(v4ToInt(base!) & mask) >>> 0, mask];
};
/** Not publicly routable (RFC 6890 special-purpose), or a cloud metadata address. */
const V4_BLOCKED = [
  '0.0.0.0/8', // "this network", unspecified
  '10.0.0.0/8',
  '100.64.0.0/10', // CGNAT (also Alibaba's metadata 100.100.100.200)
  '127.0.0.0/8',
  '169.254.0.0/16', // link-local, AWS/GCP/Azure metadata 169.254.169.254
  '172.16.0.0/12',
  '192.0.0.0/24', // IETF protocol assignments (incl. Oracle's 192.0.0.192)
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, broadcast
].map(v4Range);
const V4_LOOPBACK = v4Range('127.0.0.0/8');

const inV4 = (n: number, [base, mask]: [number, number]) => ((n & mask) >>> 0) === base;

/** The 8 groups of an IPv6 address (a dotted IPv4 tail becomes two groups); [] when malformed. */
function v6Groups(ip: string): number[] {
  let s = ip.toLowerCase();
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  const lastColon = s.lastIndexOf(':');
  const last = s.slice(lastColon + 1);
  if (last.includes('.')) {
    const n = v4ToInt(last);
    s = `${s.slice(0, lastColon + 1)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return [];
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const head = parse(halves[0]!);
  if (halves.length === 1) return head;
  const tail = parse(halves[1]!);
  if (head.length + tail.length > 7) return [];
  return [...head, ...Array<number>(8 - head.length - tail.length).fill(0), ...tail];
}

function v4FromGroups(hi: number, lo: number): string {
  return [hi >>> 8, hi & 0xff, lo >>> 8, lo & 0xff].join('.');
}

function isPublicV4(ip: string, allowLoopback: boolean): boolean {
  const n = v4ToInt(ip);
  if (allowLoopback && inV4(n, V4_LOOPBACK)) return true;
  return !V4_BLOCKED.some((r) => inV4(n, r));
}

function isPublicV6(ip: string, allowLoopback: boolean): boolean {
  const g = v6Groups(ip);
  if (g.length !== 8 || g.some((x) => Number.isNaN(x))) return false;
  const zeroTo = (k: number) => g.slice(0, k).every((x) => x === 0);
  // ::1 loopback, :: unspecified
  if (zeroTo(7)) return allowLoopback && g[7] === 1;
  // IPv4-mapped ::ffff:a.b.c.d and the old IPv4-compatible ::a.b.c.d: judged as that IPv4 address.
  if (zeroTo(5) && g[5] === 0xffff) return isPublicV4(v4FromGroups(g[6]!, g[7]!), allowLoopback);
  if (zeroTo(6)) return isPublicV4(v4FromGroups(g[6]!, g[7]!), allowLoopback);
  // NAT64 64:ff9b::/96 carries an IPv4 address too; 64:ff9b:1::/48 is local-use.
  if (g[0] === 0x64 && g[1] === 0xff9b) return g.slice(2, 6).every((x) => x === 0) && isPublicV4(v4FromGroups(g[6]!, g[7]!), false);
  // 6to4 2002::/16 embeds an IPv4 address in groups 1–2.
  if (g[0] === 0x2002) return isPublicV4(v4FromGroups(g[1]!, g[2]!), false);
  // Only global unicast 2000::/3 is routed on the internet; within it, 2001::/23 (Teredo, ORCHID,
  // benchmarking…) and 2001:db8::/32 (documentation) are special-purpose.
  if ((g[0]! & 0xe000) !== 0x2000) return false; // fc00::/7 ULA (incl. fd00:ec2::254), fe80::/10, ff00::/8, 100::/64 …
  if (g[0] === 0x2001 && g[1]! < 0x200) return false;
  if (g[0] === 0x2001 && g[1] === 0xdb8) return false;
  return true;
}

/** Whether a fetch may connect to `ip` (an IPv4 or IPv6 literal). */
export function isPublicAddress(ip: string, opts: { allowLoopback?: boolean } = {}): boolean {
  const kind = isIP(ip);
  if (kind === 4) return isPublicV4(ip, !!opts.allowLoopback);
  if (kind === 6) return isPublicV6(ip, !!opts.allowLoopback);
  return false;
}

// ---------------------------------------------------------------------------------------------
// Fetch

/** Checks a URL's form: http(s), no user or password. */
export function checkUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SsrfError('scheme', 'Not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new SsrfError('scheme', `Scheme ${url.protocol} is not fetched`);
  if (url.username || url.password) throw new SsrfError('credentials', 'URLs with credentials are not fetched');
  return url;
}

/** Resolves the URL's host and returns the address to connect to, refusing when any address is not public. */
async function pinnedAddress(url: URL, resolve: Resolver, allowLoopback: boolean): Promise<LookupAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: LookupAddress[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new SsrfError('dns', `${host} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new SsrfError('dns', `${host} does not resolve`);
  // Every address must be public: a name that also points inside could be connected there later.
  const bad = addresses.find((a) => !isPublicAddress(a.address, { allowLoopback }));
  if (bad) throw new SsrfError('address', `${host} resolves to a non-public address`);
  return addresses[0]!;
}

function decoded(res: IncomingMessage): Readable {
  switch ((res.headers['content-encoding'] ?? '').toString().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return res.pipe(createGunzip());
    case 'deflate':
      return res.pipe(createInflate());
    case 'br':
      return res.pipe(createBrotliDecompress());
    default:
      return res;
  }
}

interface Hop {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

interface HopRequest {
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

function fetchOnce(url: URL, pinned: LookupAddress, hop: HopRequest, opts: Required<Pick<GuardOptions, 'maxBytes' | 'accept'>>, signal: AbortSignal): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
    if (signal.aborted) return reject(new SsrfError('timeout', 'The page took too long'));
    const fail = (err: Error) => {
      req.destroy();
      reject(err);
    };
    const onAbort = () => fail(new SsrfError('timeout', 'The page took too long'));
    const req: ClientRequest = request(
      url,
      {
        method: hop.method,
        headers: { accept: opts.accept, 'accept-encoding': 'gzip, deflate, br', 'user-agent': 'ChatbotPlatform-WebSearch/1.0', ...hop.headers },
        // The connection goes to the address that was checked, whatever DNS answers now. Node may ask
        // for all addresses (autoSelectFamily): answer with the one.
        lookup: (_hostname, options, callback) => {
          const cb = callback as (err: Error | null, address: string | LookupAddress[], family?: number) => void;
          if ((options as { all?: boolean }).all) cb(null, [pinned]);
          else cb(null, pinned.address, pinned.family);
        },
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.resume();
          signal.removeEventListener('abort', onAbort);
          resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
          return;
        }
        const declared = Number(res.headers['content-length'] ?? NaN);
        if (declared > opts.maxBytes && !res.headers['content-encoding']) return fail(new SsrfError('too_large', 'The page is too large'));
        const chunks: Buffer[] = [];
        let size = 0;
        const body = decoded(res);
        body.on('data', (c: Buffer) => {
          size += c.length;
          if (size > opts.maxBytes) {
            body.destroy();
            fail(new SsrfError('too_large', 'The page is too large'));
          } else chunks.push(c);
        });
        body.on('end', () => {
          signal.removeEventListener('abort', onAbort);
          resolve({ status, headers: res.headers, body: Buffer.concat(chunks) });
        });
        body.on('error', (e) => fail(e instanceof SsrfError ? e : new SsrfError('network', 'The page could not be read')));
      },
    );
    signal.addEventListener('abort', onAbort, { once: true });
    req.on('error', (e) => fail(e instanceof SsrfError ? e : new SsrfError('network', 'The page could not be fetched')));
    req.end(hop.body);
  });
}

function timedOut(signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const fail = () => reject(new SsrfError('timeout', 'The page took too long'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });
}

/**
 * GETs a URL from outside through the guard. Throws `SsrfError` when the URL, an address or a
 * redirect is refused, or a limit is passed; answers any final status (the caller decides).
 */
export async function guardedFetch(raw: string, options: GuardOptions = {}): Promise<GuardedResponse> {
  const opts = { ...DEFAULTS, accept: 'text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1', ...options };
  const resolve = options.resolve ?? systemResolver;
  const allowLoopback = !!options.allowLoopback;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  const stop = () => controller.abort();
  if (options.signal?.aborted) stop();
  options.signal?.addEventListener('abort', stop, { once: true });
  try {
    let url = checkUrl(raw);
    let request: HopRequest = { method: options.method ?? 'GET', headers: options.headers ?? {}, body: options.body };
    for (let redirects = 0; ; redirects++) {
      const pinned = await Promise.race([pinnedAddress(url, resolve, allowLoopback), timedOut(controller.signal)]);
      const hop = await fetchOnce(url, pinned, request, opts, controller.signal);
      const location = hop.headers.location;
      if (hop.status >= 300 && hop.status < 400 && location) {
        if (redirects >= opts.maxRedirects) throw new SsrfError('redirects', 'Too many redirects');
        let next: string;
        try {
          next = new URL(location, url).toString();
        } catch {
          throw new SsrfError('scheme', 'Bad redirect');
        }
        // Headers (an API key) go only to the origin they were meant for.
        const nextUrl = checkUrl(next);
        const sameOrigin = nextUrl.origin === url.origin;
        const keepsBody = hop.status === 307 || hop.status === 308;
        request = {
          method: keepsBody ? request.method : 'GET',
          headers: sameOrigin ? request.headers : {},
          body: keepsBody ? request.body : undefined,
        };
        url = nextUrl;
        continue;
      }
      return { url: url.toString(), status: hop.status, contentType: String(hop.headers['content-type'] ?? ''), body: hop.body };
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', stop);
  }
}
