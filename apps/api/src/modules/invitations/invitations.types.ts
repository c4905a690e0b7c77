import type { Db } from '../../db/client';
import type { Mailer } from '../../integrations/mail/types';
import type { MembersService } from '../members/members.service';
import type { GroupEntry } from './invitations.rules';

/** What the invitations service and its parts (send, accept) share: apart, so no part imports the service. */

/** Where links in mail point: `APP_URL` (its `{tenant}` replaced by the subdomain), else the caller's origin. */
export type LinkBase = string;

export interface InvitationsServiceDeps {
  db: Db;
  mailer: Mailer;
  members: Pick<MembersService, 'findByEmails' | 'checkCustomFields' | 'customFieldRows' | 'defaultGroupId'>;
  groups: { all(tenantId: number): Promise<GroupEntry[]> };
  /** Rows the console sends per upload request. */
  batchSize: number;
}
