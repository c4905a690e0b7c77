import { z } from 'zod';
import { okBody } from './common';
import { usageRangeQuery } from './dashboards';
import { defineEndpoints } from './endpoint';

/**
 * The platform's built-in tools (issue "Tools and agents", decision 050): each is switched on per
 * chatbot in the studio and allowed per member group by admins (like model access). The model
 * decides when to call them; the agent loop runs them and sends the results back.
 */
export const BUILTIN_TOOLS = ['knowledge_search', 'web_search', 'read_web_page', 'generate_image', 'code_interpreter', 'current_time'] as const;
export const builtinToolSchema = z.enum(BUILTIN_TOOLS);
export type BuiltinTool = z.infer<typeof builtinToolSchema>;

export const TOOL_LIMITS = {
  /** A chatbot's step limit: model requests of one answer (spec of the issue: default 10). */
  stepsMin: 1,
  stepsMax: 25,
  stepsDefault: 10,
  /** A tool's result is cut to this many characters before it reaches the model. */
  resultMaxChars: 20_000,
  /** What the history and the stream keep of a result, for the step card. */
  outputPreviewChars: 4_000,
  /** One tool call's wall time. */
  callTimeoutSeconds: 60,
} as const;

/** A chatbot's tool settings, as the studio edits them (part of `updateChatbotBody`). */
export const chatbotToolSettingsSchema = z.object({
  /** The built-in tools switched on, each once. */
  tools: z
    .array(builtinToolSchema)
    .max(BUILTIN_TOOLS.length)
    .refine((t) => new Set(t).size === t.length, { message: 'Each tool once' }),
  /** Model requests one answer may make before it ends with a notice. */
  max_tool_steps: z.number().int().min(TOOL_LIMITS.stepsMin).max(TOOL_LIMITS.stepsMax),
});
export type ChatbotToolSettings = z.infer<typeof chatbotToolSettingsSchema>;

/** A file a tool made (a chart, a CSV, an image): a file of the session, as the history lists files. */
export const toolFileSchema = z.object({ id: z.number().int(), url: z.string(), type: z.string(), name: z.string() });

/**
 * One tool call of an answer, as the history keeps it and the step card shows it. `text_offset`
 * is the length of the answer's text when the call was made: the card sits there in the text.
 */
export const toolCallRecordSchema = z.object({
  /** The call's id, as the model gave it. */
  id: z.string(),
  /** The model request (1-based) whose answer made the call. */
  step: z.number().int(),
  name: z.string(),
  /** The arguments: the JSON the model wrote, or the string itself when it was not JSON. */
  input: z.unknown(),
  /** The result as text (cut to `outputPreviewChars`), or the error; null while it runs. */
  output: z.string().nullable(),
  status: z.enum(['running', 'done', 'error', 'stopped']),
  duration_ms: z.number().int().nullable(),
  text_offset: z.number().int(),
  files: z.array(toolFileSchema).default([]),
});
export type ToolCallRecord = z.infer<typeof toolCallRecordSchema>;

/** Why an answer with tools ended early, shown under it (history `notice`, stream `notice`). */
export const answerNoticeSchema = z.enum(['tool_step_limit', 'tool_credits_depleted']);
export type AnswerNotice = z.infer<typeof answerNoticeSchema>;

/** The chat stream's tool events (part of `chatEventSchema`). */
export const toolEventSchemas = [
  /** The model called a tool: its card opens (the name is known, the arguments may still stream). */
  z.object({ type: z.literal('tool_call'), id: z.string(), step: z.number().int(), name: z.string(), text_offset: z.number().int() }),
  /** The call's whole arguments, once the model finished writing them. */
  z.object({ type: z.literal('tool_input'), id: z.string(), input: z.unknown() }),
  /** The call's result or error. */
  z.object({
    type: z.literal('tool_result'),
    id: z.string(),
    status: z.enum(['done', 'error', 'stopped']),
    output: z.string(),
    duration_ms: z.number().int(),
    files: z.array(toolFileSchema).default([]),
  }),
  /** A model request ended with tool calls; the next one starts with their results. */
  z.object({ type: z.literal('step_end'), step: z.number().int() }),
  /** The answer ended early for a reason the reader is told (the step limit, credits run out between steps). */
  z.object({ type: z.literal('notice'), code: answerNoticeSchema }),
] as const;

/**
 * Why a built-in tool is unavailable to a member: `group` — their groups may not use it (an admin's
 * switch, or for image generation no image model their groups may use); `not_configured` — the
 * platform cannot run it here (no code interpreter sandbox, no image generation model).
 */
export const toolUnavailableReasonSchema = z.enum(['group', 'not_configured']);
export type ToolUnavailableReason = z.infer<typeof toolUnavailableReasonSchema>;

/** `GET /api/tools/`: the built-in tools, whether the acting member may use each (the studio offers these) and why not. */
export const memberToolSchema = z.object({ tool: builtinToolSchema, is_available: z.boolean(), reason: toolUnavailableReasonSchema.nullable() });
export const memberToolListResponse = z.object({ items: z.array(memberToolSchema) });
export type MemberToolList = z.infer<typeof memberToolListResponse>;

/** `GET /api/admin/tools/`: each built-in tool with its availability per member group (like model access). */
export const adminToolSchema = z.object({
  tool: builtinToolSchema,
  /** False when the platform cannot run the tool here (no code interpreter sandbox, no image model): the group switches change nothing then. */
  is_configured: z.boolean(),
  member_groups: z.array(z.object({ member_group_id: z.number().int(), ko_name: z.string(), en_name: z.string(), is_available: z.boolean() })),
});
export const adminToolListResponse = z.object({ items: z.array(adminToolSchema) });
export type AdminToolList = z.infer<typeof adminToolListResponse>;
/** `PATCH /api/admin/tools/{tool}/member-groups/{group}/`. */
export const toolGroupParams = z.object({ tool: builtinToolSchema, group: z.coerce.number().int().positive().max(2147483647) });
export const patchToolGroupAccessBody = z.object({ is_available: z.boolean() }).strict();
export type PatchToolGroupAccessBody = z.infer<typeof patchToolGroupAccessBody>;

/** `GET /api/admin/dashboards/tools/`: tool calls per month and tool over a range of months (the usage range's query). */
export const toolCallsDashboardSchema = z.object({
  items: z.array(z.object({ month: z.string(), tool: z.string(), calls: z.number().int() })),
});
export type ToolCallsDashboard = z.infer<typeof toolCallsDashboardSchema>;

const adminErrors = [400, 401, 403, 404, 422] as const;

/** Built-in tools (decision 050): the member's view, the admin's group access and the console's call counts. */
export const endpoints = defineEndpoints({
  list: { method: 'GET', path: '/tools/', tags: ['tools'], response: memberToolListResponse, errors: [401] },
  listAdmin: { method: 'GET', path: '/admin/tools/', auth: 'admin', tags: ['admin'], response: adminToolListResponse, errors: adminErrors },
  setGroupAccess: {
    method: 'PATCH',
    path: '/admin/tools/:tool/member-groups/:group/',
    auth: 'admin',
    tags: ['admin'],
    params: toolGroupParams,
    body: patchToolGroupAccessBody,
    response: okBody,
    errors: adminErrors,
  },
  callsPerMonth: {
    method: 'GET',
    path: '/admin/dashboards/tools/',
    auth: 'admin',
    tags: ['admin'],
    description: 'Tool calls per month and tool over start_month..end_month (YYYY-MM; default the last 12 months).',
    query: usageRangeQuery,
    response: toolCallsDashboardSchema,
    errors: adminErrors,
  },
});
