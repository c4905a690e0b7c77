import type { FastifyInstance } from 'fastify';
import { endpoints as signUpSettings } from '@app/contracts/sign-up-settings';
import { implement } from '../../platform/endpoints';
import { byAddress, type RateLimiter } from '../../platform/rate-limits';
import { memberCtx, tenantCtx } from '../../platform/request-context';
import type { SignUpService } from './sign-up.service';

export function registerSignUpRoutes(app: FastifyInstance, deps: { signUp: SignUpService; limits: RateLimiter }) {
  const { signUp } = deps;
  const { sendCode, signUp: signUpEndpoint, listPolicies, get, update, listAdminPolicies, createPolicy, updatePolicy, removePolicy } = signUpSettings;
  implement(
    app,
    { sendCode, signUp: signUpEndpoint, listPolicies, get, update, listAdminPolicies, createPolicy, updatePolicy, removePolicy },
    {
      sendCode: {
        // Per email, the service counts codes sent (a request the resend cooldown refuses is not one).
        preHandler: deps.limits.guard(['codesPerAddress', byAddress]),
        handler: (req) => signUp.sendCode(tenantCtx(req), req.body),
      },
      signUp: (req) => signUp.signUp(tenantCtx(req), req.body),
      listPolicies: (req) => signUp.policies(tenantCtx(req)),
      get: (req) => signUp.settings(memberCtx(req)),
      update: (req) => signUp.patchSettings(memberCtx(req), req.body),
      listAdminPolicies: (req) => signUp.policies(memberCtx(req)),
      createPolicy: (req) => signUp.createPolicy(memberCtx(req), req.body),
      updatePolicy: (req) => signUp.patchPolicy(memberCtx(req), req.params.id, req.body),
      removePolicy: async (req) => {
        await signUp.deletePolicy(memberCtx(req), req.params.id);
        return { ok: true as const };
      },
    },
  );
}
