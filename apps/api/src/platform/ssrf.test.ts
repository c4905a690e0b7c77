import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch, isPublicAddress, type Resolver, SsrfError } from './ssrf';

// The SSRF guard (decision 035). Tests cannot reach public addresses, so the happy path maps a
// public-looking name to the loopback server in the explicit `allowLoopback` mode; every refusal is
// tested without it, against a server that must see no request at all.

let server: Server;
let port: number;
const seen: string[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = req.url ?? '/';
    seen.push(url);
    if (url === '/page') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<html><title>Hi</title><body>Public page</body></html>');
    } else if (url.startsWith('/redirect-to?')) {
      res.writeHead(302, { location: decodeURIComponent(url.slice('/redirect-to?'.length)) });
      res.end();
    } else if (url.startsWith('/hops/')) {
      const n = Number(url.slice('/hops/'.length));
      if (n === 0) res.writeHead(200, { 'content-type': 'text/plain' }).end('arrived');
      else res.writeHead(301, { location: `/hops/${n - 1}` }).end();
    } else if (url === '/big') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(2 * 1024 * 1024) });
      res.end(Buffer.alloc(2 * 1024 * 1024, 'a'));
    } else if (url === '/big-chunked') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      for (let i = 0; i < 20; i++) res.write(Buffer.alloc(100 * 1024, 'b'));
      res.end();
    } else if (url === '/gzip-bomb') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.alloc(5 * 1024 * 1024, 'c')));
    } else if (url === '/gzip') {
      res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
      res.end(gzipSync(Buffer.from('compressed hello')));
    } else if (url === '/hang') {
      // Never answers.
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => {
  server.closeAllConnections();
  server.close(() => r());
}));

/** A resolver for tests: names to addresses; anything else does not resolve. */
const names =
  (map: Record<string, string[]>): Resolver =>
  async (host) => {
    const addresses = map[host];
    if (!addresses) throw new Error('ENOTFOUND');
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
const testResolver = names({ 'pages.example': ['127.0.0.1'], 'internal.example': ['192.168.1.10'], 'split.example': ['8.8.8.8', '10.0.0.7'] });
const loopbackMode = { resolve: testResolver, allowLoopback: true };

async function refused(promise: Promise<unknown>, reason: SsrfError['reason']) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(SsrfError);
  expect((err as SsrfError).reason).toBe(reason);
}

describe('isPublicAddress', () => {
  it.each([
    '10.0.0.1',
    '10.255.255.255',
    '127.0.0.1',
    '127.1.2.3',
    '169.254.169.254',
    '172.16.0.1',
    '172.31.255.254',
    '192.168.1.1',
    '100.64.0.1',
    '100.100.100.200',
    '0.0.0.0',
    '224.0.0.1',
    '239.255.255.250',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.0.192',
    '::1',
    '::',
    '0:0:0:0:0:0:0:1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:a00:1::1',
    'fe80::1',
    'fe80::1%eth0',
    'fc00::1',
    'fd00:ec2::254',
    'ff02::1',
    '100::1',
    '2001:db8::1',
    '2001::1',
    'not-an-address',
  ])('refuses %s', (ip) => {
    expect(isPublicAddress(ip)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '93.184.215.14', '172.32.0.1', '100.128.0.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])(
    'allows %s',
    (ip) => {
      expect(isPublicAddress(ip)).toBe(true);
    },
  );

  it('allows loopback only in the tests’ mode, and nothing else private with it', () => {
    expect(isPublicAddress('127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('::1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('::ffff:127.0.0.1', { allowLoopback: true })).toBe(true);
    expect(isPublicAddress('10.0.0.1', { allowLoopback: true })).toBe(false);
    expect(isPublicAddress('169.254.169.254', { allowLoopback: true })).toBe(false);
  });
});

describe('guardedFetch refuses', () => {
  it('a server on 127.0.0.1, however it is named, and the server sees no request', async () => {
    seen.length = 0;
    await refused(guardedFetch(`http://127.0.0.1:${port}/page`), 'address');
    await refused(guardedFetch(`http://localhost:${port}/page`), 'address');
    await refused(guardedFetch(`http://[::ffff:127.0.0.1]:${port}/page`), 'address');
    await refused(guardedFetch(`http://[::1]:${port}/page`), 'address');
    await refused(guardedFetch(`http://0x7f000001:${port}/page`), 'address');
    await refused(guardedFetch(`http://2130706433:${port}/page`), 'address');
    await refused(guardedFetch(`http://pages.example:${port}/page`, { resolve: testResolver }), 'address');
    expect(seen).toEqual([]);
  });

  it('private, link-local and metadata addresses', async () => {
    await refused(guardedFetch('http://10.0.0.1/'), 'address');
    await refused(guardedFetch('http://169.254.169.254/latest/meta-data/'), 'address');
    await refused(guardedFetch('http://[fd00:ec2::254]/'), 'address');
    await refused(guardedFetch('http://internal.example/', { resolve: testResolver }), 'address');
  });

  it('a name with one private address among public ones', async () => {
    await refused(guardedFetch('http://split.example/', { resolve: testResolver }), 'address');
  });

  it('other schemes, credentials and names that do not resolve', async () => {
    await refused(guardedFetch('file:///etc/passwd'), 'scheme');
    await refused(guardedFetch('ftp://example.com/'), 'scheme');
    await refused(guardedFetch('javascript:alert(1)'), 'scheme');
    await refused(guardedFetch('not a url'), 'scheme');
    await refused(guardedFetch('http://user:secret@pages.example/', loopbackMode), 'credentials');
    await refused(guardedFetch('http://nowhere.example/', { resolve: testResolver }), 'dns');
  });

  it('a redirect to a private or metadata address, without asking it', async () => {
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'http://10.0.0.1/', 'http://internal.example/', 'http://[::ffff:a9fe:a9fe]/', 'file:///etc/passwd']) {
      await refused(guardedFetch(`http://pages.example:${port}/redirect-to?${encodeURIComponent(target)}`, loopbackMode), target.startsWith('file') ? 'scheme' : 'address');
    }
  });

  it('more than 3 redirects', async () => {
    await refused(guardedFetch(`http://pages.example:${port}/hops/4`, loopbackMode), 'redirects');
    const ok = await guardedFetch(`http://pages.example:${port}/hops/3`, loopbackMode);
    expect(ok.body.toString()).toBe('arrived');
    expect(ok.url).toBe(`http://pages.example:${port}/hops/0`);
  });

  it('bodies past the size limit (declared, chunked, or once decompressed)', async () => {
    await refused(guardedFetch(`http://pages.example:${port}/big`, loopbackMode), 'too_large');
    await refused(guardedFetch(`http://pages.example:${port}/big-chunked`, loopbackMode), 'too_large');
    await refused(guardedFetch(`http://pages.example:${port}/gzip-bomb`, loopbackMode), 'too_large');
    await refused(guardedFetch(`http://pages.example:${port}/page`, { ...loopbackMode, maxBytes: 10 }), 'too_large');
  });

  it('a page that does not answer within the time limit', async () => {
    await refused(guardedFetch(`http://pages.example:${port}/hang`, { ...loopbackMode, timeoutMs: 200 }), 'timeout');
  });
});

describe('guardedFetch fetches', () => {
  it('a page on an allowed address, decompressing it', async () => {
    const res = await guardedFetch(`http://pages.example:${port}/page`, loopbackMode);
    expect(res.status).toBe(200);
    expect(res.contentType).toContain('text/html');
    expect(res.body.toString()).toContain('Public page');
    expect((await guardedFetch(`http://pages.example:${port}/gzip`, loopbackMode)).body.toString()).toBe('compressed hello');
  });

  it('connects to the address it checked, never resolving the name again (no DNS rebinding)', async () => {
    // The system resolver knows nothing of `rebind.invalid`: had the connection looked the name up
    // again, it would fail; the checked address is pinned instead.
    let lookups = 0;
    const once: Resolver = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const res = await guardedFetch(`http://rebind.invalid:${port}/page`, { resolve: once, allowLoopback: true });
    expect(res.status).toBe(200);
    expect(lookups).toBe(1);
  });
});
