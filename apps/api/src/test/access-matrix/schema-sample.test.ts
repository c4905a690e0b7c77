import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type JsonSchema, SampleError, sampleOf } from './schema-sample';

describe('JSON Schema samples for the access matrix', () => {
  it('honours required, enum, bounds, formats and nullable fields, and fills object references', () => {
    const schema = z.object({
      email: z.email(),
      name: z.string().min(30).max(40),
      language: z.enum(['ko', 'en']),
      page: z.number().int().positive().max(3),
      ratio: z.number().min(0.25).max(0.75),
      url: z.url().nullable().optional(),
      limit: z.number().int().nullable().optional(),
      approve: z.boolean(),
      quiet: z.boolean().default(true),
      code: z.string().regex(/^\d{6}$/),
      tags: z.array(z.string().min(1)).min(2),
      member_ids: z.array(z.number().int()).min(1),
    });
    const json = z.toJSONSchema(schema, { target: 'openapi-3.0' }) as JsonSchema;
    const sample = sampleOf(json, { member_ids: [42] }) as Record<string, unknown>;
    expect(schema.parse(sample)).toMatchObject({ language: 'ko', page: 1, limit: null, approve: false, quiet: true, code: '123456', member_ids: [42] });
    expect(sample.tags).toHaveLength(2);
    expect(typeof sample.url).toBe('string');
  });

  it('refuses what it cannot satisfy instead of sending an invalid value', () => {
    expect(() => sampleOf({ type: 'string', pattern: '^[xyz]{3}-\\d+$' }, {}, 'ref')).toThrow(SampleError);
    expect(() => sampleOf({ type: 'integer', minimum: 5, maximum: 2 })).toThrow(SampleError);
    expect(() => sampleOf({ $ref: '#/components/schemas/X' })).toThrow(SampleError);
  });
});
