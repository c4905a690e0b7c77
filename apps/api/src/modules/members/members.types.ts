import type { Db } from '../../db/client';
import type { Mailer } from '../../integrations/mail/types';

/** What the members service and its parts (own, admin, decisions, fields) share: apart, so no part imports the service. */

export interface MembersServiceDeps {
  db: Db;
  /** Decisions on pending requests are mailed to the member. */
  mailer: Mailer;
}
