import type { Db } from '../../db/client';
import type { Mailer } from '../../integrations/mail/types';
import type { createSecretBox } from '../../integrations/secret-box';
import type { DirectoryClient, OidcClient } from '../../integrations/sso/types';
import type { SmsSender } from '../../integrations/sms/types';
import type { AuthService } from '../auth/auth.service';
import type { InvitationsService } from '../invitations/invitations.service';
import type { MembersService } from '../members/members.service';
import type { SignUpService } from '../sign-up/sign-up.service';

/** What the SSO service and its parts (sign-in, directory) share: apart, so no part imports the service. */

export interface SsoServiceDeps {
  db: Db;
  secret: string;
  /** `SSO_ALLOW_HTTP`: an administrator may save a plain-http issuer (development and tests only). */
  allowHttp: boolean;
  oidc: OidcClient;
  directory: DirectoryClient;
  mailer: Mailer;
  sms: SmsSender;
  members: Pick<MembersService, 'findBySsoId' | 'findByEmail'>;
  /** SSO invitations (a bulk member file's SSO columns): the invitee becomes the member the administrator set up. */
  invitations: Pick<InvitationsService, 'acceptSso'>;
  auth: Pick<AuthService, 'issueFor'>;
  signUp: Pick<SignUpService, 'signUpSso'>;
}

/** The deps and what the factory derives from the secret once: the box of client secrets and the sign-up token's key. */
export interface SsoRuntime extends SsoServiceDeps {
  box: ReturnType<typeof createSecretBox>;
  tokenKey: Uint8Array;
}
