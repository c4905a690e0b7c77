import type {
  JSONSchema7,
  JSONValue,
  LanguageModelV3CallOptions,
  LanguageModelV3FunctionTool,
  LanguageModelV3Message,
  LanguageModelV3ToolCall,
  LanguageModelV3ToolChoice,
  LanguageModelV3ToolResultPart,
} from '@ai-sdk/provider';

/**
 * What the model is told about a tool: its name, what it is for and the JSON schema of its input.
 * A client's tool on the developer API is only this: the client runs it.
 */
export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JSONSchema7;
}

export interface ToolContext {
  /** The answer's signal: a member who stops the answer stops the tool. */
  abortSignal: AbortSignal;
  /** The call's id, as the model gave it. */
  toolCallId: string;
}

/**
 * A tool the platform runs itself. `execute` gets the arguments the model wrote, parsed from JSON
 * but not checked against the schema (a tool checks what it reads, e.g. with zod); what it returns
 * goes back to the model as JSON, and what it throws as the error's message.
 */
export interface Tool<Output extends JSONValue = JSONValue> extends ToolDefinition {
  execute(input: unknown, context: ToolContext): Promise<Output>;
}

/** How a model may use the tools of a call (the SDK's V3 choice, or a tool's name as `{ type: 'tool' }`). */
export type ToolChoice = LanguageModelV3ToolChoice;

/**
 * The call options that offer `tools` to a model, for every provider: the AI SDK providers
 * (OpenAI, Anthropic, Google) map them to their own APIs, the lean OpenAI-compatible client to
 * `tools` and `tool_choice`. No tools: no options, the request is as before. (One call a step on
 * an OpenAI-compatible endpoint: `providerOptions.openaiCompatible.parallelToolCalls = false`.)
 */
export function toolCallOptions(tools: readonly ToolDefinition[], choice?: ToolChoice): Pick<LanguageModelV3CallOptions, 'tools' | 'toolChoice'> {
  if (tools.length === 0) return {};
  return {
    tools: tools.map((t): LanguageModelV3FunctionTool => ({ type: 'function', name: t.name, description: t.description, inputSchema: t.inputSchema })),
    toolChoice: choice,
  };
}

/** A tool call's arguments: the JSON object the model wrote, or why it is not one (so the model can be told). */
export function parseToolInput(call: Pick<LanguageModelV3ToolCall, 'input'>): { ok: true; input: unknown } | { ok: false; error: string } {
  // A call without arguments (a tool that takes none) comes as an empty string from some servers.
  if (call.input.trim() === '') return { ok: true, input: {} };
  try {
    return { ok: true, input: JSON.parse(call.input) as unknown };
  } catch (err) {
    return { ok: false, error: `The arguments are not valid JSON (${(err as Error).message}): ${call.input}` };
  }
}

/**
 * Runs one call of the model with the tool it names and gives the result as the prompt's part:
 * an unknown tool, arguments that are not JSON and a tool that throws are results too (`error-text`),
 * for the model to read and correct. Only an abort is thrown: the answer is over.
 */
export async function runToolCall(tools: readonly Tool[], call: LanguageModelV3ToolCall, abortSignal: AbortSignal): Promise<LanguageModelV3ToolResultPart> {
  const result = (output: LanguageModelV3ToolResultPart['output']): LanguageModelV3ToolResultPart => ({ type: 'tool-result', toolCallId: call.toolCallId, toolName: call.toolName, output });
  const tool = tools.find((t) => t.name === call.toolName);
  if (!tool) return result({ type: 'error-text', value: `There is no tool named "${call.toolName}". Tools: ${tools.map((t) => t.name).join(', ')}.` });
  const parsed = parseToolInput(call);
  if (!parsed.ok) return result({ type: 'error-text', value: parsed.error });
  try {
    return result({ type: 'json', value: await tool.execute(parsed.input, { abortSignal, toolCallId: call.toolCallId }) });
  } catch (err) {
    if (abortSignal.aborted) throw err;
    return result({ type: 'error-text', value: err instanceof Error ? err.message : String(err) });
  }
}

/**
 * The prompt's messages for one step that called tools: the assistant's text and calls, then
 * the results (one `tool` message holds them all). The next request of the loop appends these.
 */
export function toolStepMessages(text: string, calls: readonly LanguageModelV3ToolCall[], results: readonly LanguageModelV3ToolResultPart[]): LanguageModelV3Message[] {
  return [
    {
      role: 'assistant',
      content: [
        ...(text ? [{ type: 'text' as const, text }] : []),
        // The prompt holds arguments as a value; a malformed string stays the string the model wrote.
        ...calls.map((c) => {
          const parsed = parseToolInput(c);
          return { type: 'tool-call' as const, toolCallId: c.toolCallId, toolName: c.toolName, input: parsed.ok ? parsed.input : c.input };
        }),
      ],
    },
    { role: 'tool', content: [...results] },
  ];
}
