import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { chatbots, memberBillingPlans, paymentMethods } from '../../db/schema/index';
import type { TestApp, TestTenant } from '../test-app';
import { baseUrlOf } from '../chat-client';
import { type HttpResponse, send } from './http';

/**
 * Real objects of tenant A's owners, made through the API before the matrix runs: a member's
 * session with history and pending group change, and the admin's group, announcement, custom
 * field, policy, invitation, restricted word and export task. Every string they carry holds a
 * random marker, so a response that leaks one is found by a plain substring search.
 */
export interface Fixtures {
  tokens: {
    aAdmin: string;
    aMember: string;
    aOther: string;
    bAdmin: string;
    /**
     * Sessions of their own for the public routes' callers: `POST /auth/sign-out/` ends the session
     * of the token it is called with, and must not end the ones the rest of the matrix calls with.
     */
    aMemberSpare: string;
    aAdminSpare: string;
  };
  markers: {
    /** What only the member who owns it may see (not another member of the same tenant). */
    memberPrivate: string[];
    /** Everything of tenant A: no call made with tenant B's header may return any of it. */
    tenant: string[];
  };
  chatbotId: number;
  sessionHash: string;
  groupId: number;
  groupMemberId: number;
  announcementId: number;
  customFieldId: number;
  policyId: number;
  invitationId: number;
  invitationHash: string;
  modelId: number;
  taskId: number;
  /** The member's own chatbot, public (approved), with a document and a pending change request. */
  ownChatbotId: number;
  publicHash: string;
  imageHash: string;
  documentId: number;
  categoryId: number;
  /** A second session of the member's, shared: its page is public by design. */
  shareHash: string;
  /** The member's developer API key, and its secret (the `/v1` routes' owner calls with it). */
  apiKeyId: number;
  apiKeySecret: string;
  /** The admin's task mode. */
  taskModeId: number;
  /** A single sign-on platform of tenant A (issue 29): a directory, so no step reaches a network peer. */
  ssoPlatformId: number;
  /** A plan of the tenant's and the member's saved card (issue 24 §3). */
  planId: number;
  paymentMethodId: number;
  /** The member's uploaded file and the token of its signed link (issue 25). */
  fileId: number;
  fileToken: string;
  /** The member's open request for credits (decision 048). */
  billingRequestId: number;
  /** Tenant B's objects, for the fields of tenant A's requests that name objects (issue 38 item 6). */
  foreign: { chatbotId: number; sessionHash: string; modelId: number };
}

async function ok(res: Promise<HttpResponse>, what: string): Promise<HttpResponse> {
  const r = await res;
  if (r.statusCode >= 300) throw new Error(`fixture ${what}: ${r.statusCode} ${r.body}`);
  return r;
}

export async function createFixtures(t: TestApp): Promise<Fixtures> {
  const mark = randomBytes(5).toString('hex');
  const m = (label: string) => `mx${mark}-${label}`;
  const [aAdmin, aMember, aOther, bAdmin, aMemberSpare, aAdminSpare] = await Promise.all([
    t.signIn(t.a, t.a.admin.email),
    t.signIn(t.a, t.a.member.email),
    t.signIn(t.a, t.a.other.email),
    t.signIn(t.b, t.b.admin.email),
    t.signIn(t.a, t.a.member.email),
    t.signIn(t.a, t.a.admin.email),
  ]);
  const asAdmin = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => ok(send(t, t.a, aAdmin, { method, url, payload }), `${method} ${url}`);
  const asMember = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) => ok(send(t, t.a, aMember, { method, url, payload }), `${method} ${url}`);

  // Tenant A's chatbots carry the marker in their names (there is no create route yet).
  await t.database.db.update(chatbots).set({ koName: m('bot-ko'), enName: m('bot-en') }).where(eq(chatbots.tenantId, t.a.id));
  const aBots = await t.database.db.select({ hashId: chatbots.hashId }).from(chatbots).where(eq(chatbots.tenantId, t.a.id));
  await t.settle();
  const chatbotId = (await asMember('GET', '/api/chatbots/?include_default=true')).json().items[0].id as number;

  const group = (await asAdmin('POST', '/api/admin/member-groups/', { ko_name: m('group-ko'), en_name: m('group-en') })).json();
  await asAdmin('PATCH', `/api/admin/members/${t.a.other.id}/`, { member_group_ids: [group.id] });
  await asMember('PATCH', `/api/members/${t.a.member.id}/group/`, { default_member_group_id: t.a.defaultGroupId, member_group_ids: [group.id] });
  const announcement = (await asAdmin('POST', '/api/admin/announcements/', { title: m('notice'), content: m('notice-body'), location: 'auth', is_active: true })).json();
  const field = (await asAdmin('POST', '/api/admin/custom-fields/', { ko_name: m('field-ko'), en_name: m('field-en') })).json();
  const policy = (await asAdmin('POST', '/api/admin/policies/', { ko_name: m('policy-ko'), en_name: m('policy-en'), content: m('policy-body') })).json();
  const inviteeEmail = `${m('invitee')}@example.com`;
  await asAdmin('POST', '/api/admin/invitations/bulk/', { members: [{ row: 1, name: m('invitee-name'), email: inviteeEmail }] });
  const invitation = (await asAdmin('GET', '/api/admin/invitations/')).json().items.find((i: { email: string }) => i.email === inviteeEmail);
  if (!invitation) throw new Error('fixture: the invitation was not listed');
  await asAdmin('POST', '/api/admin/restricted-words/', { restricted_words: [m('word')], block_personal_info: false, mask_personal_info: false });
  const modelId = (await asAdmin('GET', '/api/admin/llm-models/')).json().items[0].id as number;

  // The member's session, with history: the chat answers an event stream with its meta in a header.
  const question = m('question');
  const chat = await asMember('POST', `/api/chatbots/${chatbotId}/chat/`, { text: question });
  const meta = JSON.parse(String(chat.headers['x-chat-meta'] ?? 'null')) as { session_hash_id: string } | null;
  if (!meta) throw new Error(`fixture chat: no x-chat-meta (${chat.body.slice(0, 200)})`);
  await asMember('PATCH', `/api/sessions/${meta.session_hash_id}/`, { title: m('session-title') });

  // The member's own chatbot (issue 23): public, with an image and a document, its instructions
  // (the creator's alone), then a change waiting for review.
  const own = (await asMember('POST', '/api/chatbots/')).json();
  await asMember('PATCH', `/api/chatbots/${own.id}/`, { ko_name: m('own-ko'), en_name: m('own-en'), system_instructions: m('instructions') });
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
  const upload = async (path: string, field: string, name: string, type: string, bytes: Buffer) => {
    const form = new FormData();
    form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
    const res = await fetch(`${await baseUrlOf(t)}/api/chatbots/${own.id}/${path}/`, { method: 'POST', headers: { 'x-tenant-subdomain': t.a.subdomain, 'x-access-token': aMember }, body: form });
    if (!res.ok) throw new Error(`fixture upload ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  const imaged = await upload('profile-image', 'file', 'me.png', 'image/png', png);
  const docs = await upload('documents', 'files', `${m('doc')}.txt`, 'text/plain', Buffer.from(m('doc-body')));
  // The member's file (issue 25): its name is private; its bytes hold no marker (its signed link is
  // a global key, readable by whoever holds it).
  const fileForm = new FormData();
  fileForm.append('files', new Blob([new TextEncoder().encode('plain file bytes')], { type: 'text/plain' }), `${m('file')}.txt`);
  const fileRes = await fetch(`${await baseUrlOf(t)}/api/files/`, { method: 'POST', headers: { 'x-tenant-subdomain': t.a.subdomain, 'x-access-token': aMember }, body: fileForm });
  if (!fileRes.ok) throw new Error(`fixture upload file: ${fileRes.status} ${await fileRes.text()}`);
  const file = ((await fileRes.json()) as { items: Array<{ id: number; url: string }> }).items[0]!;
  await asMember('PATCH', `/api/chatbots/${own.id}/access/`, { is_public: true, member_group_ids: [t.a.defaultGroupId] });
  await asAdmin('POST', `/api/admin/chatbots/${own.id}/process-publish-request/`, { approve: true });
  await asMember('PATCH', `/api/chatbots/${own.id}/access/`, { is_public: true, member_group_ids: [t.a.defaultGroupId] });
  const category = (await asAdmin('POST', '/api/admin/categories/', { ko_name: m('cat-ko'), en_name: m('cat-en') })).json();
  const sharedChat = await asMember('POST', `/api/chatbots/${chatbotId}/chat/`, { text: m('shared-question') });
  const sharedHash = (JSON.parse(String(sharedChat.headers['x-chat-meta'])) as { session_hash_id: string }).session_hash_id;
  const share = (await asMember('POST', `/api/sessions/${sharedHash}/share/`)).json();

  // The admin's task mode (issue 27).
  const taskMode = (await asAdmin('POST', '/api/admin/task-modes/', { ko_name: m('mode-ko'), en_name: m('mode-en'), prompt_template: m('mode-template') })).json();
  const ssoPlatform = (await asAdmin('POST', '/api/admin/sso-platforms/', { kind: 'directory', name: m('sso'), directory_url: 'ldap://127.0.0.1:9', bind_dn_template: 'uid={user_id},dc=matrix' })).json();
  // The member's developer API key (issue 28).
  const apiKey = (await asMember('POST', '/api/apikeys/', { name: m('api-key') })).json();

  // A plan and the member's saved card (issue 24 §3; the manual provider saves no card, so it is written here).
  const [plan] = await t.database.owner.insert(memberBillingPlans).values({ tenantId: t.a.id, koName: m('plan-ko'), enName: m('plan-en'), krwMonthPrice: 9900, creditUnits: 100_000_000_000n }).returning();
  const [card] = await t.database.owner.insert(paymentMethods).values({ tenantId: t.a.id, memberId: t.a.member.id, provider: 'payple', cardName: m('card'), maskedCardNumber: '1234-****-****-5678' }).returning();

  // The member's request for credits, waiting for an administrator (no payment provider: decision 048).
  const billingRequest = (await asMember('POST', '/api/billing-requests/', { kind: 'credits', credit: 10 })).json();

  // A finished export task of the admin's.
  const task = (await asAdmin('GET', '/api/admin/members/export-task/')).json();
  for (let i = 0; i < 200; i += 1) {
    const state = (await asAdmin('GET', `/api/tasks/${task.id}/`)).json();
    if (state.status === 'done' || state.status === 'succeeded' || state.status === 'completed') break;
    if (state.status === 'failed') throw new Error(`fixture export task failed: ${JSON.stringify(state)}`);
    await new Promise((r) => setTimeout(r, 25));
  }

  // Tenant B's: a chatbot, a session of its member's and a model.
  const bMember = await t.signIn(t.b, t.b.member.email);
  const bBot = (await ok(send(t, t.b, bMember, { method: 'GET', url: '/api/chatbots/?include_default=true' }), 'B chatbots')).json().items[0].id as number;
  const bChat = await ok(send(t, t.b, bMember, { method: 'POST', url: `/api/chatbots/${bBot}/chat/`, payload: { text: 'tenant b' } }), 'B chat');
  const bSession = (JSON.parse(String(bChat.headers['x-chat-meta'])) as { session_hash_id: string }).session_hash_id;
  const bModel = (await ok(send(t, t.b, bAdmin, { method: 'GET', url: '/api/admin/llm-models/' }), 'B models')).json().items[0].id as number;

  const emails = (x: TestTenant) => [x.admin.email, x.member.email, x.other.email];
  const memberPrivate = [t.a.member.email, question, meta.session_hash_id, m('session-title'), m('instructions'), m('doc'), m('api-key'), apiKey.prefix as string, m('file'), m('card')];
  const tenant = [
    ...memberPrivate,
    ...emails(t.a),
    'acme 코',
    'acme en',
    m('bot'),
    ...aBots.map((b) => b.hashId),
    m('group'),
    m('notice'),
    m('field'),
    m('policy'),
    m('invitee'),
    invitation.invitation_hash_id as string,
    m('word'),
    m('own'),
    m('cat'),
    m('shared-question'),
    m('mode'),
    m('sso'),
    m('plan'),
    own.hash_id as string,
  ];
  return {
    tokens: { aAdmin, aMember, aOther, bAdmin, aMemberSpare, aAdminSpare },
    markers: { memberPrivate, tenant },
    chatbotId,
    sessionHash: meta.session_hash_id,
    groupId: group.id,
    groupMemberId: t.a.other.id,
    announcementId: announcement.id,
    customFieldId: field.id,
    policyId: policy.id,
    invitationId: invitation.id,
    invitationHash: invitation.invitation_hash_id,
    modelId,
    taskId: task.id,
    ownChatbotId: own.id,
    publicHash: own.hash_id,
    imageHash: String(imaged.profile_image_url).split('/').pop()!,
    documentId: docs.items[0].id,
    categoryId: category.id,
    shareHash: share.share_hash_id,
    apiKeyId: apiKey.id,
    apiKeySecret: apiKey.secret,
    taskModeId: taskMode.id,
    ssoPlatformId: ssoPlatform.id,
    planId: plan!.id,
    paymentMethodId: card!.id,
    fileId: file.id,
    fileToken: file.url.split('/').filter(Boolean).pop()!,
    billingRequestId: billingRequest.id,
    foreign: { chatbotId: bBot, sessionHash: bSession, modelId: bModel },
  };
}
