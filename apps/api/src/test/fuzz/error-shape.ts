import { isErrorCode, statusOfCode } from '@app/contracts/errors';

/**
 * Why a 4xx body is not exactly `{ error: { code, message, details? } }` with a catalogue code of
 * that status, or null when it is.
 */
export function errorShapeProblem(status: number, contentType: string | undefined, body: string, flavor: 'platform' | 'openai' = 'platform'): string | null {
  if (!contentType?.startsWith('application/json')) return `content type ${contentType ?? 'none'}`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return 'body is not JSON';
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return 'body is not an object';
  const keys = Object.keys(parsed);
  if (keys.length !== 1 || keys[0] !== 'error') return `top-level keys ${keys.join(',')}`;
  const error = (parsed as { error: unknown }).error;
  if (!error || typeof error !== 'object' || Array.isArray(error)) return 'error is not an object';
  if (flavor === 'openai') return openAiProblem(error as Record<string, unknown>);
  const extra = Object.keys(error).filter((k) => !['code', 'message', 'details'].includes(k));
  if (extra.length) return `error has keys ${extra.join(',')}`;
  const { code, message } = error as { code: unknown; message: unknown };
  if (typeof code !== 'string' || !isErrorCode(code)) return `code ${JSON.stringify(code)} is not in the catalogue`;
  if (typeof message !== 'string' || !message) return 'message is not a non-empty string';
  if (statusOfCode(code) !== status) return `code ${code} answers ${statusOfCode(code)}, not ${status}`;
  return null;
}

/** The developer API (`/v1`) answers OpenAI's error shape: `{ error: { message, type, param, code } }`. */
function openAiProblem(error: Record<string, unknown>): string | null {
  const keys = Object.keys(error).sort().join(',');
  if (keys !== 'code,message,param,type') return `error has keys ${keys}, not OpenAI's`;
  if (typeof error.message !== 'string' || !error.message) return 'message is not a non-empty string';
  if (typeof error.type !== 'string' || typeof error.code !== 'string') return 'type and code must be strings';
  return null;
}
