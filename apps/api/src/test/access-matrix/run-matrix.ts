import type { TestApp, TestTenant } from '../test-app';
import type { Fixtures } from './fixtures';
import { type HttpResponse, send } from './http';
import type { Access, Route } from './routes';

/**
 * (a) no token; (b) a member of the owner's tenant who does not own the object (for admin
 * routes: a member who is not an admin); (c) another tenant's admin with that tenant's header;
 * (d) the owner's own token with another tenant's header; (e) the owner, naming another tenant's
 * objects in the body or query of a change.
 */
export type CallerLabel = 'a' | 'b' | 'c' | 'd' | 'e';
interface Caller {
  label: CallerLabel;
  tenant: TestTenant;
  token: string | null;
}

export interface CallRecord {
  route: string;
  caller: CallerLabel;
  status: number;
}

export interface MatrixResult {
  failures: string[];
  calls: CallRecord[];
  snapshotUrls: number;
  /** Owners' snapshots taken, and the milliseconds they took. */
  snapshots: { count: number; ms: number };
}

function callersFor(access: Access, t: TestApp, f: Fixtures): Caller[] {
  // A public route's callers hold sessions of their own (a sign-out ends the caller's session).
  const spare = access === 'none';
  const owner = access === 'member' ? f.tokens.aMember : spare ? f.tokens.aAdminSpare : f.tokens.aAdmin;
  return [
    { label: 'a', tenant: t.a, token: null },
    { label: 'b', tenant: t.a, token: access === 'member' ? f.tokens.aOther : spare ? f.tokens.aMemberSpare : f.tokens.aMember },
    { label: 'c', tenant: t.b, token: f.tokens.bAdmin },
    { label: 'd', tenant: t.b, token: owner },
  ];
}

/** Valid JSON that is no route's body (every body is an object). */
const BAD_BODY = 42;

const is2xx = (status: number) => status >= 200 && status < 300;
/** A bulk answer that refused every item: `{ items: [{ ok: false } | { status: 'failed' }] }` or `{ processed: [], failed: [...] }`. */
function everyItemRefused(res: HttpResponse): boolean {
  try {
    const body = res.json() as { items?: Array<{ ok?: boolean; status?: string }>; processed?: unknown[]; failed?: unknown[] };
    if (Array.isArray(body.processed)) return body.processed.length === 0 && (body.failed?.length ?? 0) > 0;
    return Array.isArray(body.items) && body.items.length > 0 && body.items.every((i) => i.ok === false || i.status === 'failed');
  } catch {
    return false;
  }
}
const textOf = (res: HttpResponse) => `${JSON.stringify(res.headers)}\n${res.body}`;

/**
 * What the owners see: every GET of the matrix, called as its owner (member routes as the member,
 * admin routes as the admin, public ones without a token) in tenant A. GETs whose answer changes
 * by itself between two calls (an export that starts a new task each time) are left out.
 */
class OwnerView {
  private urls: { route: Route; token: string | null }[] = [];
  constructor(
    private t: TestApp,
    routes: Route[],
    private f: Fixtures,
  ) {
    for (const route of routes.filter((r) => !r.mutating)) {
      this.urls.push({ route, token: route.access === 'member' ? f.tokens.aMember : route.access === 'admin' ? f.tokens.aAdmin : null });
    }
  }

  count = 0;
  ms = 0;

  get size() {
    return this.urls.length;
  }

  async calibrate(): Promise<string[]> {
    const first = await this.take('all');
    const second = await this.take('all');
    const volatile = [...first.keys()].filter((k) => first.get(k) !== second.get(k));
    this.urls = this.urls.filter((u) => !volatile.includes(u.route.key));
    return volatile;
  }

  /** `member`: only the member's own view (another member acting legitimately may change the admin's). */
  async take(scope: 'member' | 'all'): Promise<Map<string, string>> {
    // One wait for the caches (TestApp.call waits before each call), then the GETs side by side.
    const started = Date.now();
    this.count += 1;
    await this.t.settle();
    const urls = this.urls.filter(({ route }) => scope === 'all' || route.access === 'member');
    const answers = await Promise.all(
      urls.map(({ route, token }) =>
        this.t.app.inject({ method: 'GET', url: route.url, headers: { 'x-tenant-subdomain': this.t.a.subdomain, ...(token ? { 'x-access-token': token } : {}) } }),
      ),
    );
    this.ms += Date.now() - started;
    return new Map(urls.map(({ route }, i) => [route.key, `${answers[i]!.statusCode} ${answers[i]!.body}`]));
  }
}

function diff(before: Map<string, string>, after: Map<string, string>): string[] {
  const changed: string[] = [];
  for (const [key, value] of before) if (after.get(key) !== value) changed.push(key);
  return changed;
}

export async function runMatrix(t: TestApp, f: Fixtures, routes: Route[]): Promise<MatrixResult> {
  const failures: string[] = [];
  const calls: CallRecord[] = [];
  const view = new OwnerView(t, routes, f);
  const volatile = await view.calibrate();
  if (volatile.length) console.info(`access matrix: left out of the owners' snapshot as changing by themselves: ${volatile.join(', ')}`);

  // Each GET with path parameters answers its owner: the resolvers hand out real objects.
  for (const route of routes.filter((r) => !r.mutating && r.hasParams)) {
    const token = route.access === 'member' ? f.tokens.aMember : route.access === 'admin' ? f.tokens.aAdmin : null;
    // The operator API's owner is the operator: its key, no token.
    const operator = route.access === 'operator' ? { 'x-operator-key': t.config.operatorApiKey ?? '' } : undefined;
    // The developer API's owner is the member's key.
    const headers = route.url.startsWith('/v1/') ? { authorization: `Bearer ${f.apiKeySecret}` } : operator;
    const res = await t.call(t.a, token, { method: 'GET', url: route.url, headers });
    calls.push({ route: route.key, caller: 'a', status: res.statusCode });
    if (!is2xx(res.statusCode)) failures.push(`${route.key}: the owner is refused (${res.statusCode} ${res.body.slice(0, 200)}): its resolver does not give the owner's object`);
  }

  let baseline: Map<string, string> | null = null;
  for (const route of routes) {
    for (const caller of callersFor(route.access, t, f)) {
      const crossTenant = caller.tenant !== t.a;
      // Public routes called in the owner's own tenant act legitimately (a sign-up adds a pending member).
      const sameTenantPublic = route.access === 'none' && !crossTenant;
      const scope = route.access === 'member' && caller.label === 'b' ? 'member' : 'all';
      const watch = route.mutating && !sameTenantPublic;
      if (watch && (!baseline || scope === 'member')) baseline = await view.take(scope);
      const res = await send(t, caller.tenant, caller.token, { method: route.method, url: route.url, payload: route.payload });
      calls.push({ route: route.key, caller: caller.label, status: res.statusCode });
      const where = `${route.key} as (${caller.label})`;
      const got = `${res.statusCode} ${res.body.slice(0, 160)}`;

      if (res.statusCode >= 500) failures.push(`${where}: server error ${got}`);
      if (route.access !== 'none' && (caller.label === 'a' || caller.label === 'd') && res.statusCode !== 401) {
        failures.push(`${where}: expected 401 (${caller.label === 'a' ? 'no token' : "a token presented with another tenant's header"}), got ${got}`);
      }
      if (route.access === 'operator' && (caller.label === 'b' || caller.label === 'c') && res.statusCode !== 401) {
        failures.push(`${where}: expected 401 (an operator route called with a tenant's token, no operator key), got ${got}`);
      }
      if (route.access === 'none' && caller.label === 'a' && res.statusCode === 401 && /"code":"unauthorized"/.test(res.body)) {
        failures.push(`${where}: public by its config, but the request context asked for a token (${got})`);
      }
      if (is2xx(res.statusCode)) {
        if (route.access === 'admin' && caller.label === 'b') failures.push(`${where}: a member who is not an admin got ${got}`);
        if (route.access === 'member' && caller.label === 'b' && route.privateParams) failures.push(`${where}: another member got the owner's object: ${got}`);
        if (crossTenant && route.hasParams && !route.globalParams) failures.push(`${where}: another tenant got an object of tenant A: ${got}`);
        const forbidden = crossTenant ? f.markers.tenant : caller.label === 'b' && route.access !== 'none' ? f.markers.memberPrivate : [];
        const text = textOf(res);
        const leaked = forbidden.filter((mk) => text.includes(mk));
        if (leaked.length) failures.push(`${where}: the answer holds another owner's data (${leaked.join(', ')})`);
      }

      if (!route.mutating) continue;
      // No token, or a token of another tenant, on a route that needs one: the request context's
      // guard refused it (401, asserted above) before the handler ran; nothing can have changed.
      if (route.access !== 'none' && (caller.label === 'a' || caller.label === 'd' || route.access === 'operator') && res.statusCode === 401) continue;
      if (!watch) {
        baseline = null;
        continue;
      }
      const after = await view.take(scope);
      const changed = diff(baseline!, after);
      if (changed.length) failures.push(`${where}: changed the owner's data, seen in ${changed.join(', ')} (answered ${got})`);
      baseline = scope === 'all' ? after : null;
    }
  }
  // (e) The owner, in their own tenant, naming another tenant's objects in the body or query: every
  // change is refused (a bulk route may answer 200 with each item refused).
  for (const route of routes.filter((r) => r.mutating && r.foreign && r.access !== 'operator')) {
    const token = route.access === 'member' ? f.tokens.aMember : route.access === 'admin' ? f.tokens.aAdmin : null;
    const res = await send(t, t.a, token, { method: route.method, url: route.foreign!.url, payload: route.foreign!.payload });
    calls.push({ route: route.key, caller: 'e', status: res.statusCode });
    const got = `${res.statusCode} ${res.body.slice(0, 160)}`;
    if (res.statusCode >= 500) failures.push(`${route.key} as (e): server error ${got}`);
    if (is2xx(res.statusCode) && !everyItemRefused(res)) failures.push(`${route.key} as (e): took another tenant's ids (${JSON.stringify(route.foreign!.payload ?? route.foreign!.url).slice(0, 160)}): ${got}`);
  }
  // A body no schema accepts, from a caller without the token or the role the route needs: refused
  // as that caller (401, or 403 for a member on an admin route) before the body is validated, so
  // the answer names no field and says nothing of what the route expects.
  for (const route of routes.filter((r) => r.payload !== undefined && r.access !== 'none')) {
    const refused: Array<{ caller: Caller; status: number }> = [{ caller: { label: 'a', tenant: t.a, token: null }, status: 401 }];
    if (route.access === 'admin') refused.push({ caller: { label: 'b', tenant: t.a, token: f.tokens.aMember }, status: 403 });
    if (route.access === 'operator') refused.push({ caller: { label: 'c', tenant: t.b, token: f.tokens.bAdmin }, status: 401 });
    for (const { caller, status } of refused) {
      const res = await send(t, caller.tenant, caller.token, { method: route.method, url: route.url, payload: BAD_BODY });
      calls.push({ route: route.key, caller: caller.label, status: res.statusCode });
      if (res.statusCode !== status || res.body.includes('"details"')) {
        failures.push(`${route.key} as (${caller.label}) with a bad body: expected ${status} without details, got ${res.statusCode} ${res.body.slice(0, 160)}`);
      }
    }
  }
  // The sessions the matrix calls with lived through it: a refusal seen above was the route's, not
  // an ended session's.
  for (const [who, token, url] of [
    ['member', f.tokens.aMember, `/api/members/${t.a.member.id}/`],
    ['other member', f.tokens.aOther, `/api/members/${t.a.other.id}/`],
    ['admin', f.tokens.aAdmin, '/api/admin/members/'],
  ] as const) {
    const res = await t.call(t.a, token, { method: 'GET', url });
    if (res.statusCode !== 200) failures.push(`the ${who}'s session the matrix calls with ended during the run (${res.statusCode} ${res.body.slice(0, 120)})`);
  }
  return { failures, calls, snapshotUrls: view.size, snapshots: { count: view.count, ms: view.ms } };
}
