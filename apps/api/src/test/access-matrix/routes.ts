import type { TestApp } from '../test-app';
import type { Fixtures } from './fixtures';
import { type JsonSchema, type RefValues, SampleError, sampleOf } from './schema-sample';

/** `operator`: the operator API (decision 040), callable only with the operator key: every caller of the matrix is refused. */
export type Access = 'none' | 'member' | 'admin' | 'operator';
const ACCESS_LEVELS: readonly string[] = ['none', 'member', 'admin', 'operator'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** A path parameter's object; `private` = only its owner may read it, not the tenant's other members. */
interface ParamValue {
  value: string | number;
  private: boolean;
  /** Served to anyone by a global, unguessable key, whatever the tenant header (profile images). */
  global?: boolean;
}

/**
 * Fills path parameters, keyed on the route pattern up to the parameter: every route under
 * `/api/sessions/{hash}` gets the member's session, a new route included. A parameter no key
 * matches leaves its route out of the matrix, and the matrix fails on it.
 */
const pathResolvers: Record<string, (f: Fixtures, t: TestApp) => ParamValue> = {
  '/api/members/{id}': (_f, t) => ({ value: t.a.member.id, private: true }),
  '/api/sessions/{hash}': (f) => ({ value: f.sessionHash, private: true }),
  '/api/chatbots/{id}': (f) => ({ value: f.chatbotId, private: false }),
  // A member with a pending group change (process-pending-request has something to decide).
  '/api/admin/members/{id}': (_f, t) => ({ value: t.a.member.id, private: true }),
  '/api/admin/custom-fields/{id}': (f) => ({ value: f.customFieldId, private: true }),
  '/api/admin/member-groups/{id}': (f) => ({ value: f.groupId, private: true }),
  '/api/admin/member-groups/{id}/members/{member_id}': (f) => ({ value: f.groupMemberId, private: true }),
  '/api/admin/policies/{id}': (f) => ({ value: f.policyId, private: true }),
  '/api/admin/invitations/{id}': (f) => ({ value: f.invitationId, private: true }),
  '/api/invitations/{hash}': (f) => ({ value: f.invitationHash, private: true }),
  '/api/admin/announcements/{id}': (f) => ({ value: f.announcementId, private: true }),
  '/api/admin/llm-models/{model}': (f) => ({ value: f.modelId, private: true }),
  '/api/admin/llm-models/{model}/member-groups/{group}': (f) => ({ value: f.groupId, private: true }),
  // Decision 050: a built-in tool (a name, not a tenant's object) and its access for the tenant's group.
  '/api/admin/tools/{tool}': () => ({ value: 'web_search', private: false }),
  '/api/admin/tools/{tool}/member-groups/{group}': (f) => ({ value: f.groupId, private: true }),
  '/api/tasks/{id}': (f) => ({ value: f.taskId, private: true }),
  // Issue 23: the member's own chatbot's document; the publish queue's request; categories.
  '/api/chatbots/{id}/documents/{document_id}': (f) => ({ value: f.documentId, private: true }),
  '/api/admin/chatbots/{id}': (f) => ({ value: f.ownChatbotId, private: true }),
  '/api/admin/categories/{id}': (f) => ({ value: f.categoryId, private: true }),
  '/api/apikeys/{id}': (f) => ({ value: f.apiKeyId, private: true }),
  '/api/admin/task-modes/{id}': (f) => ({ value: f.taskModeId, private: true }),
  // Issue 29: the tenant's SSO platform; the sign-in steps are public (names and kinds only).
  '/api/sso-platforms/{id}': (f) => ({ value: f.ssoPlatformId, private: false }),
  '/api/admin/sso-platforms/{id}': (f) => ({ value: f.ssoPlatformId, private: true }),
  // Issue 24 §3: the tenant's plan (every member sees it); the member's saved card.
  '/api/member-billing-plans/{id}': (f) => ({ value: f.planId, private: false }),
  '/api/payment-methods/{id}': (f) => ({ value: f.paymentMethodId, private: true }),
  // Issue 25: the member's file; its signed link is a global key (an <img> sends no tenant header).
  '/api/files/{id}': (f) => ({ value: f.fileId, private: true }),
  // Decision 048: the member's request for credits, decided by an administrator.
  '/api/billing-requests/{id}': (f) => ({ value: f.billingRequestId, private: true }),
  '/api/admin/billing-requests/{id}': (f) => ({ value: f.billingRequestId, private: true }),
  '/api/public/files/{token}': (f) => ({ value: f.fileToken, private: false, global: true }),
  // Public by design (spec §6): a public chatbot, its image, a shared session.
  '/api/public/chatbots/{hash}': (f) => ({ value: f.publicHash, private: false }),
  '/api/public/chatbots/{id}': (f) => ({ value: f.ownChatbotId, private: false }),
  '/api/public/chatbot-images/{hash}': (f) => ({ value: f.imageHash, private: false, global: true }),
  '/api/public/sessions/{hash}': (f) => ({ value: f.shareHash, private: false }),
  // The operator API (decision 040): tenant A itself, by its id (no tenant header applies).
  '/api/operator/tenants/{id}': (_f, t) => ({ value: t.a.id, private: true, global: true }),
  // The developer API (decision 053): a chatbot as a model, by its hash (every matrix caller lacks a key: 401).
  '/v1/models/{id}': (f) => ({ value: f.publicHash, private: false }),
};

/** Body and query fields that name objects get the owner's real ones (see schema-sample.ts). */
export function refValues(f: Fixtures, t: TestApp): RefValues {
  return {
    member_id: t.a.member.id,
    member_ids: [t.a.member.id],
    invitation_ids: [f.invitationId],
    chatbot_id: f.chatbotId,
    chatbot_ids: [f.chatbotId],
    default_member_group_id: t.a.defaultGroupId,
    member_group_ids: [f.groupId],
    member_group_id: f.groupId,
    session_hash_id: f.sessionHash,
    llm_model_id: f.modelId,
  };
}

/**
 * The same fields naming another tenant's objects (tenant B's member, group, chatbot) or ids no
 * object has: a route that takes them must refuse (issue 38 item 6).
 */
export function foreignRefValues(f: Fixtures, t: TestApp): RefValues {
  return {
    member_id: t.b.member.id,
    member_ids: [t.b.member.id],
    invitation_ids: [2_147_483_000],
    chatbot_id: f.foreign.chatbotId,
    chatbot_ids: [f.foreign.chatbotId],
    default_member_group_id: t.b.defaultGroupId,
    member_group_ids: [t.b.defaultGroupId],
    member_group_id: t.b.defaultGroupId,
    session_hash_id: f.foreign.sessionHash,
    llm_model_id: f.foreign.modelId,
  };
}

interface OpenApiParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}
interface OpenApiOperation {
  'x-access'?: unknown;
  security?: unknown[];
  parameters?: OpenApiParameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface OpenApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>>>;
}

/** One operation of the document, ready to call. */
export interface Route {
  key: string;
  method: Uppercase<(typeof METHODS)[number]>;
  access: Access;
  url: string;
  payload?: unknown;
  hasParams: boolean;
  /** A path parameter is an object only its owner may read. */
  privateParams: boolean;
  /** Every path parameter is a global key: another tenant's header does not make it another tenant's object. */
  globalParams: boolean;
  mutating: boolean;
  /** The same call with the fields that name objects naming another tenant's (absent when it has none). */
  foreign?: { url: string; payload?: unknown };
}

/** Every operation of the document: the ones the matrix can call, and why the others cannot be. */
export function planRoutes(doc: OpenApiDocument, f: Fixtures, t: TestApp): { routes: Route[]; unclassified: string[] } {
  const routes: Route[] = [];
  const unclassified: string[] = [];
  const refs = refValues(f, t);
  const foreignRefs = foreignRefValues(f, t);
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = ops[method];
      if (!op) continue;
      const key = `${method.toUpperCase()} ${path}`;
      try {
        const route = planRoute(key, method, path, op, f, t, refs);
        const foreign = withForeignRefs(route, foreignRefs);
        if (foreign) route.foreign = foreign;
        routes.push(route);
      } catch (err) {
        if (!(err instanceof SampleError || err instanceof Unclassified)) throw err;
        unclassified.push(`${key}: ${err.message}`);
      }
    }
  }
  return { routes, unclassified };
}

class Unclassified extends Error {}

/** The route's call with every field named in `refs` (body, at any depth, and query) set to its value there; null when it has none. */
function withForeignRefs(route: Route, refs: RefValues): Route['foreign'] | null {
  let used = false;
  const swap = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(swap);
    if (!value || typeof value !== 'object') return value;
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => {
        if (!(k in refs)) return [k, swap(v)];
        used = true;
        return [k, refs[k]];
      }),
    );
  };
  const payload = swap(route.payload);
  const [path, qs] = route.url.split('?');
  const query = new URLSearchParams(qs ?? '');
  for (const k of [...query.keys()]) {
    if (!(k in refs)) continue;
    used = true;
    query.set(k, String(refs[k]));
  }
  const q = query.toString();
  return used ? { url: q ? `${path}?${q}` : path!, payload } : null;
}

function planRoute(key: string, method: (typeof METHODS)[number], path: string, op: OpenApiOperation, f: Fixtures, t: TestApp, refs: RefValues): Route {
  const access = op['x-access'];
  if (typeof access !== 'string' || !ACCESS_LEVELS.includes(access)) throw new Unclassified(`unknown access level ${JSON.stringify(access)} (x-access)`);
  if (access === 'none' && !(Array.isArray(op.security) && op.security.length === 0)) throw new Unclassified('public (x-access none) but the document asks for security');
  let hasParams = false;
  let privateParams = false;
  let globalParams = true;
  const url = path.replace(/\{([^}]+)\}/g, (whole: string, _name: string, offset: number) => {
    const prefix = path.slice(0, offset + whole.length);
    const resolve = pathResolvers[prefix];
    if (!resolve) throw new Unclassified(`no resolver fills ${whole} (add one for "${prefix}" in access-matrix/routes.ts)`);
    const p = resolve(f, t);
    hasParams = true;
    privateParams ||= p.private;
    globalParams &&= p.global === true;
    return encodeURIComponent(String(p.value));
  });
  const query = new URLSearchParams();
  for (const param of op.parameters ?? []) {
    if (param.in === 'path' || !param.required) continue;
    if (param.in !== 'query') throw new Unclassified(`required ${param.in} parameter ${param.name}`);
    query.set(param.name, String(sampleOf(param.schema ?? {}, refs, param.name)));
  }
  let payload: unknown;
  const content = op.requestBody?.content;
  if (content) {
    const json = content['application/json'];
    if (!json?.schema) throw new Unclassified(`no JSON body to generate (${Object.keys(content).join(', ')})`);
    payload = sampleOf(json.schema, refs);
  }
  const qs = query.toString();
  return {
    key,
    method: method.toUpperCase() as Route['method'],
    access: access as Access,
    url: qs ? `${url}?${qs}` : url,
    payload,
    hasParams,
    privateParams,
    globalParams: hasParams && globalParams,
    mutating: method !== 'get',
  };
}
