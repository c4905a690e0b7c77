import type { UsageRangeQuery } from '@app/contracts/dashboards';
import { type AdminToolList, BUILTIN_TOOLS, type BuiltinTool, type MemberToolList, type ToolCallsDashboard, type ToolUnavailableReason } from '@app/contracts/tools';
import type { Db } from '../../db/client';
import type { Tool, ToolDefinition } from '../../llm/tools';
import type { CacheHub } from '../../platform/cache';
import type { MemberContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { addMonths, firstDay, resolveRange } from '../dashboards/dashboards.service';
import { BUILTIN_DEFINITIONS, createBuiltinTool } from './builtin-tools';
import type { CodeRunner, ImageGenerator, ToolScope, ToolsDeps } from './tools.types';
import { countToolCalls, listToolAccess, upsertToolAccess } from './tools.repo';

export type { CodeRunner, ImageGenerator, ToolScope, ToolsDeps };
/** The platform's code interpreter sandbox, for app.ts to wire (decision 051). */
export { lazyCodeRunner } from './code-interpreter';

/** The tools' deps (`ToolsDeps`, which the tools themselves get) with the database and caches. */
export interface ToolsServiceDeps extends ToolsDeps {
  db: Db;
  caches: CacheHub;
}

/**
 * The built-in tools (decision 050): which a member's groups may use (like model access: every
 * tool is allowed to every group unless an admin switched it off for the group; a member may use a
 * tool when one of their groups may), the admin's switches, and the tools of one answer.
 */
export function createToolsService(deps: ToolsServiceDeps) {
  const { db, caches } = deps;
  // Per process and tenant: the groups each tool is switched off for; dropped by the table's trigger (decision 009).
  const denied = caches.scoped<{ byTool: Map<string, Set<number>> }>();
  const deniedOf = async (tenantId: number) =>
    (await caches.through(denied, tenantId, 'tools', async () => {
      const byTool = new Map<string, Set<number>>();
      for (const r of await listToolAccess(db, tenantId)) {
        if (r.isAvailable) continue;
        let set = byTool.get(r.tool);
        if (!set) byTool.set(r.tool, (set = new Set()));
        set.add(r.memberGroupId);
      }
      return { byTool };
    }))!.byTool;

  /** The built-in tools the member's groups may use. */
  async function allowedFor(ctx: MemberContext): Promise<Set<BuiltinTool>> {
    const [{ groupIds }, off] = await Promise.all([deps.models.profileOf(ctx), deniedOf(ctx.tenantId)]);
    return new Set(BUILTIN_TOOLS.filter((t) => groupIds.some((g) => !off.get(t)?.has(g))));
  }

  /**
   * Why a tool of the member's cannot run, or null when it can: `not_configured` when the platform
   * lacks what it needs (no code interpreter sandbox, no image model on the tenant), `group` when
   * the member's groups may not use it — the tool's switch, or, for image generation, every image
   * model (model access, decision 004).
   */
  async function blockedFor(ctx: MemberContext, tool: BuiltinTool, allowed: ReadonlySet<BuiltinTool>): Promise<ToolUnavailableReason | null> {
    if (tool === 'code_interpreter' && deps.codeRunner === null) return 'not_configured';
    if (tool === 'generate_image') {
      const images = deps.images && (await deps.images.modelFor(ctx));
      if (!images?.configured) return 'not_configured';
      if (!images.model) return 'group';
    }
    return allowed.has(tool) ? null : 'group';
  }

  return {
    /** `GET /tools/`: each built-in tool, whether the member may switch it on, and why not. */
    async memberList(ctx: MemberContext): Promise<MemberToolList> {
      const allowed = await allowedFor(ctx);
      const items = await Promise.all(
        BUILTIN_TOOLS.map(async (tool) => {
          const reason = await blockedFor(ctx, tool, allowed);
          return { tool, is_available: reason === null, reason };
        }),
      );
      return { items };
    },


    /**
     * `GET /admin/tools/`: each tool with its availability per group (no row: available) and whether
     * it can run on this platform at all (`is_configured`: the console notes it instead of switches).
     */
    async adminList(ctx: MemberContext): Promise<AdminToolList> {
      const [rows, groups, images] = await Promise.all([listToolAccess(db, ctx.tenantId), deps.groups.all(ctx.tenantId), deps.images?.modelFor(ctx)]);
      const off = new Set(rows.filter((r) => !r.isAvailable).map((r) => `${r.tool}:${r.memberGroupId}`));
      const configured = (tool: BuiltinTool) => (tool === 'code_interpreter' ? deps.codeRunner !== null : tool === 'generate_image' ? !!images?.configured : true);
      return {
        items: BUILTIN_TOOLS.map((tool) => ({
          tool,
          is_configured: configured(tool),
          member_groups: groups.map((g) => ({ member_group_id: g.id, ko_name: g.koName, en_name: g.enName, is_available: !off.has(`${tool}:${g.id}`) })),
        })),
      };
    },

    /** Switches a tool on or off for a group of the tenant (404 for another tenant's group); audited by the table's trigger. */
    async setGroupAccess(ctx: MemberContext, tool: BuiltinTool, groupId: number, isAvailable: boolean): Promise<void> {
      if (!(await deps.groups.all(ctx.tenantId)).some((g) => g.id === groupId)) throw new AppError('group_not_found');
      await upsertToolAccess(db, ctx.tenantId, tool, groupId, isAvailable);
      caches.invalidate(ctx.tenantId);
    },

    /** `GET /admin/dashboards/tools/`: tool calls per month and tool over the usage range (default the last 12 months). */
    async callsPerMonth(ctx: MemberContext, q: UsageRangeQuery): Promise<ToolCallsDashboard> {
      const { start, end } = resolveRange(q);
      const items = await countToolCalls(db, ctx.tenantId, new Date(`${firstDay(start)}T00:00:00Z`), new Date(`${firstDay(addMonths(end, 1))}T00:00:00Z`));
      return { items };
    },

    /**
     * The tools one answer offers the model, in the chatbot's order: those switched on for it, that
     * the member's groups may use, that can run here, and web search only while the tenant's search
     * is on. Empty: the answer takes the plain text path.
     */
    async offered(ctx: MemberContext, tools: readonly string[]): Promise<BuiltinTool[]> {
      const allowed = await allowedFor(ctx);
      const out: BuiltinTool[] = [];
      for (const t of tools as readonly BuiltinTool[]) {
        if ((await blockedFor(ctx, t, allowed)) !== null) continue;
        if (t === 'web_search' && !(await deps.webSearch.enabledFor(ctx, { supportsWebSearch: true }))) continue;
        out.push(t);
      }
      return out;
    },

    /** What the model is told about the tools: names, descriptions, input schemas. */
    definitions(tools: readonly BuiltinTool[]): ToolDefinition[] {
      return tools.map((t) => BUILTIN_DEFINITIONS[t]);
    },

    /** The tools of one answer, bound to its scope. */
    create(tools: readonly BuiltinTool[], scope: ToolScope): Tool[] {
      return tools.map((t) => createBuiltinTool(t, scope, deps));
    },
  };
}
export type ToolsService = ReturnType<typeof createToolsService>;
/** What the chat path needs of the tools (ChatDeps). */
export type AgentTools = Pick<ToolsService, 'offered' | 'definitions' | 'create'>;
