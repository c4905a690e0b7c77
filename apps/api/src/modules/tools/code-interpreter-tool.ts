import type { JSONValue } from '@ai-sdk/provider';
import { z } from 'zod';
import type { Tool } from '../../llm/tools';
import type { FilesService } from '../files/files.service';
import type { CodeRunner, ToolScope } from './tools.types';


const input = z.object({ code: z.string().min(1).max(100_000) });

/**
 * The `code_interpreter` tool: the model's code runs in the sandbox with the question's attached
 * files (the member's own); the files it writes are kept as files of the session (images, CSV,
 * text: `saveToolFile` refuses the rest) and shown on the call's card. A file refused is named in
 * the result so the model can say so.
 */
export function codeInterpreterTool(
  definition: Omit<Tool, 'execute'>,
  scope: ToolScope,
  deps: { codeRunner: CodeRunner | null; files: Pick<FilesService, 'readOwn' | 'saveToolFile'> },
): Tool {
  return {
    ...definition,
    async execute(raw, { abortSignal, toolCallId }): Promise<JSONValue> {
      const runner = deps.codeRunner;
      if (!runner) throw new Error('The code interpreter is not available');
      const { code } = input.parse(raw);
      const files = scope.attachedFileIds.length > 0 ? await deps.files.readOwn(scope.ctx, [...scope.attachedFileIds]) : [];
      const out = await runner.run({ code, files, signal: abortSignal });
      const saved: Array<{ id: number; url: string; type: string; name: string }> = [];
      const refused: string[] = [];
      for (const f of out.files) {
        try {
          const info = await deps.files.saveToolFile(scope.ctx, { data: f.data, name: f.name, sessionHash: scope.sessionHash });
          saved.push({ id: info.id, url: info.url, type: info.type, name: info.name });
        } catch (err) {
          refused.push(`${f.name}: ${(err as Error).message}`);
        }
      }
      if (saved.length > 0) scope.madeFiles(toolCallId, saved);
      return {
        stdout: out.stdout,
        stderr: out.stderr,
        error: out.error,
        files: saved.map((f) => f.name),
        ...(refused.length > 0 && { files_not_kept: refused }),
      };
    },
  };
}
