import { z } from 'zod';
import { defineEndpoints } from './endpoint';

export const tenantSchema = z.object({
  logo_url: z.string().nullable(),
  ko_name: z.string(),
  en_name: z.string(),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** Subdomain: DNS label, lower case. */
export const subdomainSchema = z
  .string()
  .regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, 'subdomain must be a lower-case DNS label');

export const endpoints = defineEndpoints({
  get: { method: 'GET', path: '/tenants/', auth: 'none', tags: ['tenants'], response: tenantSchema, errors: [404] },
});
