import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendCodeBody, sendCodeResponse, signUpBody, signUpResponse } from '@app/contracts/auth';
import { errorBody, idParam, okBody } from '@app/contracts/common';
import { createPolicyBody, patchPolicyBody, patchSignUpSettingsBody, policyListResponse, policySchema, signUpSettingsSchema } from '@app/contracts/sign-up-settings';
import { byAddress, type RateLimiter } from '../../platform/rate-limits';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { SignUpService } from './sign-up.service';

const errors = { 401: errorBody, 403: errorBody, 404: errorBody, 422: errorBody };

export function registerSignUpRoutes(app: FastifyInstance, deps: { signUp: SignUpService; limits: RateLimiter }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { signUp } = deps;
  r.post(
    '/auth/code/',
    {
      // Spec §8: a malformed email is a 400 here.
      config: { auth: 'none', malformedIsBadRequest: true },
      // Per email, the service counts codes sent (a request the resend cooldown refuses is not one).
      preHandler: deps.limits.guard(['codesPerAddress', byAddress]),
      schema: { tags: ['auth'], body: sendCodeBody, response: { 200: sendCodeResponse, 400: errorBody, 409: errorBody, 424: errorBody, 429: errorBody } },
    },
    (req) => signUp.sendCode(tenantCtx(req), req.body),
  );
  r.post(
    '/auth/sign-up/',
    {
      config: { auth: 'none' },
      schema: { tags: ['auth'], body: signUpBody, response: { 201: signUpResponse, 400: errorBody, 401: errorBody, 402: errorBody, 409: errorBody, 422: errorBody } },
    },
    async (req, reply) => reply.status(201).send(await signUp.signUp(tenantCtx(req), req.body)),
  );
  r.get('/policies/', { config: { auth: 'none' }, schema: { tags: ['auth'], response: { 200: policyListResponse } } }, (req) => signUp.policies(tenantCtx(req)));

  const admin = { auth: 'admin' as const };
  r.get('/admin/sign-up-settings/', { config: admin, schema: { tags: ['admin'], response: { 200: signUpSettingsSchema, ...errors } } }, (req) =>
    signUp.settings(memberCtx(req)),
  );
  r.patch(
    '/admin/sign-up-settings/',
    { config: admin, schema: { tags: ['admin'], body: patchSignUpSettingsBody, response: { 200: signUpSettingsSchema, ...errors } } },
    (req) => signUp.patchSettings(memberCtx(req), req.body),
  );
  r.get('/admin/policies/', { config: admin, schema: { tags: ['admin'], response: { 200: policyListResponse, ...errors } } }, (req) => signUp.policies(memberCtx(req)));
  r.post(
    '/admin/policies/',
    { config: admin, schema: { tags: ['admin'], body: createPolicyBody, response: { 201: policySchema, ...errors } } },
    async (req, reply) => reply.status(201).send(await signUp.createPolicy(memberCtx(req), req.body)),
  );
  r.patch(
    '/admin/policies/:id/',
    { config: admin, schema: { tags: ['admin'], params: idParam, body: patchPolicyBody, response: { 200: policySchema, ...errors } } },
    (req) => signUp.patchPolicy(memberCtx(req), req.params.id, req.body),
  );
  r.delete('/admin/policies/:id/', { config: admin, schema: { tags: ['admin'], params: idParam, response: { 200: okBody, ...errors } } }, async (req) => {
    await signUp.deletePolicy(memberCtx(req), req.params.id);
    return { ok: true as const };
  });
}
