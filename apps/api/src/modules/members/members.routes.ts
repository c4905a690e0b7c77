import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminMemberListResponse,
  adminMemberSchema,
  bulkCreditQuotaBody,
  bulkDeleteMembersBody,
  bulkMembersResponse,
  bulkProcessPendingBody,
  listAdminMembersQuery,
  patchAdminMemberBody,
  processPendingBody,
  processPendingResponse,
} from '@app/contracts/admin-members';
import { errorBody, idParam, okBody } from '@app/contracts/common';
import { changeGroupBody, groupChangeResponse, memberSchema, patchMemberBody } from '@app/contracts/members';
import {
  createCustomFieldBody,
  customFieldListResponse,
  customFieldSchema,
  listCustomFieldsQuery,
  listMemberGroupsQuery,
  memberCountCheckSchema,
  memberGroupSummaryList,
  patchCustomFieldBody,
} from '@app/contracts/sign-up-settings';
import { taskSchema, type Task } from '@app/contracts/tasks';
import type { MemberContext } from '../../platform/context';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { MembersService } from './members.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

/** Starts a background task and answers it (the tasks module's, passed in from app.ts). */
export type StartExport = (ctx: MemberContext) => Promise<Task>;

export function registerMemberRoutes(app: FastifyInstance, deps: { members: MembersService; startExport: StartExport }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { members } = deps;
  r.get('/members/:id/', { schema: { tags: ['members'], params: idParam, response: { 200: memberSchema, ...errors } } }, (req) =>
    members.get(memberCtx(req), req.params.id),
  );
  r.patch(
    '/members/:id/',
    { schema: { tags: ['members'], params: idParam, body: patchMemberBody, response: { 200: memberSchema, 409: errorBody, ...errors } } },
    (req) => members.patch(memberCtx(req), req.params.id, req.body),
  );

  r.get('/members/:id/group/', { schema: { tags: ['members'], params: idParam, response: { 200: groupChangeResponse, ...errors } } }, (req) =>
    members.groupChange(memberCtx(req), req.params.id),
  );
  r.patch(
    '/members/:id/group/',
    { schema: { tags: ['members'], params: idParam, body: changeGroupBody, response: { 200: groupChangeResponse, 409: errorBody, ...errors } } },
    (req) => members.requestGroupChange(memberCtx(req), req.params.id, req.body),
  );
  r.delete('/members/:id/group-queues/', { schema: { tags: ['members'], params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await members.withdrawGroupChange(memberCtx(req), req.params.id);
    return { ok: true as const };
  });

  // What the sign-up page reads before anyone is signed in.
  r.get(
    '/member-groups/',
    { config: { auth: 'none' }, schema: { tags: ['members'], querystring: listMemberGroupsQuery, response: { 200: memberGroupSummaryList, 422: errorBody } } },
    (req) => members.groupSummaries(tenantCtx(req), req.query),
  );
  r.get(
    '/custom-fields/',
    { config: { auth: 'none' }, schema: { tags: ['members'], querystring: listCustomFieldsQuery, response: { 200: customFieldListResponse, 422: errorBody } } },
    (req) => members.customFields(tenantCtx(req), req.query),
  );
  r.get(
    '/tenants/member-count-check/',
    { config: { auth: 'none' }, schema: { tags: ['tenants'], response: { 200: memberCountCheckSchema } } },
    (req) => members.memberCountCheck(tenantCtx(req)),
  );

  // Console.
  const admin = { auth: 'admin' as const };
  r.get(
    '/admin/members/',
    { config: admin, schema: { tags: ['admin'], querystring: listAdminMembersQuery, response: { 200: adminMemberListResponse, ...errors } } },
    (req) => members.listForAdmin(memberCtx(req), req.query),
  );
  r.get('/admin/members/export-task/', { config: admin, schema: { tags: ['admin'], description: 'Starts an export of every member as CSV; poll GET /tasks/{id}/.', response: { 200: taskSchema, ...errors } } }, (req) =>
    deps.startExport(memberCtx(req)),
  );
  r.get('/admin/members/:id/', { config: admin, schema: { tags: ['admin'], params: idParam, response: { 200: adminMemberSchema, ...errors } } }, (req) =>
    members.adminGet(memberCtx(req), req.params.id),
  );
  r.patch(
    '/admin/members/:id/',
    { config: admin, schema: { tags: ['admin'], params: idParam, body: patchAdminMemberBody, response: { 200: adminMemberSchema, 400: errorBody, 409: errorBody, ...errors } } },
    (req) => members.adminPatch(memberCtx(req), req.params.id, req.body),
  );
  r.delete('/admin/members/:id/', { config: admin, schema: { tags: ['admin'], params: idParam, response: { 200: okBody, 400: errorBody, ...errors } } }, async (req) => {
    await members.adminDelete(memberCtx(req), req.params.id);
    return { ok: true as const };
  });
  r.patch(
    '/admin/members/bulk/',
    { config: admin, schema: { tags: ['admin'], body: bulkCreditQuotaBody, response: { 200: bulkMembersResponse, ...errors } } },
    (req) => members.bulkCreditQuota(memberCtx(req), req.body.member_ids, req.body.credit_quota),
  );
  r.post(
    '/admin/members/bulk/delete/',
    { config: admin, schema: { tags: ['admin'], body: bulkDeleteMembersBody, response: { 200: bulkMembersResponse, ...errors } } },
    (req) => members.bulkDelete(memberCtx(req), req.body.member_ids),
  );
  r.post(
    '/admin/members/:id/process-pending-request/',
    {
      config: admin,
      schema: { tags: ['admin'], params: idParam, body: processPendingBody, response: { 200: memberSchema, 402: errorBody, 409: errorBody, 424: errorBody, ...errors } },
    },
    (req) => members.processPending(memberCtx(req), req.params.id, req.body.approve, req.body.reason ?? null),
  );
  r.post(
    '/admin/members/bulk/process-pending-request/',
    { config: admin, schema: { tags: ['admin'], body: bulkProcessPendingBody, response: { 200: processPendingResponse, ...errors } } },
    (req) => members.processPendingBulk(memberCtx(req), req.body.member_ids, req.body.approve, req.body.reason ?? null),
  );
  r.get('/admin/custom-fields/', { config: admin, schema: { tags: ['admin'], response: { 200: customFieldListResponse, ...errors } } }, (req) =>
    members.customFields(memberCtx(req), {}),
  );
  r.post(
    '/admin/custom-fields/',
    { config: admin, schema: { tags: ['admin'], body: createCustomFieldBody, response: { 201: customFieldSchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await members.createCustomField(memberCtx(req), req.body)),
  );
  r.patch(
    '/admin/custom-fields/:id/',
    { config: admin, schema: { tags: ['admin'], params: idParam, body: patchCustomFieldBody, response: { 200: customFieldSchema, ...errors } } },
    (req) => members.patchCustomField(memberCtx(req), req.params.id, req.body),
  );
  r.delete('/admin/custom-fields/:id/', { config: admin, schema: { tags: ['admin'], params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await members.deleteCustomField(memberCtx(req), req.params.id);
    return { ok: true as const };
  });
}
