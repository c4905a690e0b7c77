import { schemaResolver } from '@mantine/form';
import type { FormErrors } from '@mantine/form';

/**
 * A contract schema as a Mantine `useForm` validator (decision: Mantine's own standard-schema
 * resolver, no extra package). The contracts' messages are the API's error codes
 * (`announcement_title_required`); `message` turns each into the screen's text.
 */
export function contractValidate<V>(schema: Parameters<typeof schemaResolver>[0], message: (code: string) => string): (values: V) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  return (values) => Object.fromEntries(Object.entries(resolve(values)).map(([path, code]) => [path, message(String(code))]));
}

/** A 422's `details` (`[{ path: '/rows/0/email', message }]`) as form paths (`rows.0.email`). */
export function fieldIssues(details: unknown): { path: string; message: string }[] {
  if (!Array.isArray(details)) return [];
  return details.flatMap((d: unknown) => {
    if (typeof d !== 'object' || d === null) return [];
    const { path, message } = d as { path?: unknown; message?: unknown };
    if (typeof path !== 'string' || !path.startsWith('/') || path.length < 2) return [];
    return [{ path: path.slice(1).replaceAll('/', '.'), message: typeof message === 'string' ? message : '' }];
  });
}
