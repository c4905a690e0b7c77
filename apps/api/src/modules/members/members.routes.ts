import type { FastifyInstance } from 'fastify';
import { endpoints as adminMembers } from '@app/contracts/admin-members';
import { endpoints as own } from '@app/contracts/members';
import { endpoints as signUpSettings } from '@app/contracts/sign-up-settings';
import type { Task } from '@app/contracts/tasks';
import type { MemberContext } from '../../platform/context';
import { implement } from '../../platform/endpoints';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { MembersService } from './members.service';

/** Starts a background task and answers it (the tasks module's, passed in from app.ts). */
export type StartExport = (ctx: MemberContext) => Promise<Task>;

export function registerMemberRoutes(app: FastifyInstance, deps: { members: MembersService; startExport: StartExport }) {
  const { members } = deps;
  implement(app, own, {
    get: (req) => members.get(memberCtx(req), req.params.id),
    update: (req) => members.patch(memberCtx(req), req.params.id, req.body),
    getGroupChange: (req) => members.groupChange(memberCtx(req), req.params.id),
    requestGroupChange: (req) => members.requestGroupChange(memberCtx(req), req.params.id, req.body),
    withdrawGroupChange: async (req) => {
      await members.withdrawGroupChange(memberCtx(req), req.params.id);
      return { ok: true as const };
    },
  });

  // What the sign-up page reads before anyone is signed in, and the console's custom fields.
  const { listMemberGroups, listCustomFields, memberCountCheck, listAdminCustomFields, createCustomField, updateCustomField, removeCustomField } = signUpSettings;
  implement(
    app,
    { listMemberGroups, listCustomFields, memberCountCheck, listAdminCustomFields, createCustomField, updateCustomField, removeCustomField },
    {
      listMemberGroups: (req) => members.groupSummaries(tenantCtx(req), req.query),
      listCustomFields: (req) => members.customFields(tenantCtx(req), req.query),
      memberCountCheck: (req) => members.memberCountCheck(tenantCtx(req)),
      listAdminCustomFields: (req) => members.customFields(memberCtx(req), {}),
      createCustomField: (req) => members.createCustomField(memberCtx(req), req.body),
      updateCustomField: (req) => members.patchCustomField(memberCtx(req), req.params.id, req.body),
      removeCustomField: async (req) => {
        await members.deleteCustomField(memberCtx(req), req.params.id);
        return { ok: true as const };
      },
    },
  );

  // Console.
  implement(app, adminMembers, {
    list: (req) => members.listForAdmin(memberCtx(req), req.query),
    startExport: (req) => deps.startExport(memberCtx(req)),
    get: (req) => members.adminGet(memberCtx(req), req.params.id),
    update: (req) => members.adminPatch(memberCtx(req), req.params.id, req.body),
    remove: async (req) => {
      await members.adminDelete(memberCtx(req), req.params.id);
      return { ok: true as const };
    },
    bulkCreditQuota: (req) => members.bulkCreditQuota(memberCtx(req), req.body.member_ids, req.body.credit_quota),
    bulkDelete: (req) => members.bulkDelete(memberCtx(req), req.body.member_ids),
    processPending: (req) => members.processPending(memberCtx(req), req.params.id, req.body.approve, req.body.reason ?? null),
    bulkProcessPending: (req) => members.processPendingBulk(memberCtx(req), req.body.member_ids, req.body.approve, req.body.reason ?? null),
  });
}
