import type { PaymentOrder } from '@app/contracts/billing';
import type { Database } from '../../db/client';
import type { Mailer } from '../../integrations/mail/types';
import type { PaymentProvider } from '../../integrations/payments/types';
import type { SecretBox } from '../../integrations/secret-box';
import type { MemberRow } from '../../platform/context';
import type { CreditsService } from '../credits/credits.service';

/** The types the billing service and its parts (membership, payments) share: apart, so no part imports the service. */

/** What billing needs of the members module. */
export interface MemberDirectory {
  findById(tenantId: number, id: number): Promise<MemberRow | undefined>;
  seatsTaken(tenantId: number): Promise<number>;
}

export interface BillingServiceDeps {
  database: Database;
  credits: Pick<CreditsService, 'grant' | 'invalidate' | 'grantUsage'>;
  members: MemberDirectory;
  /** The provider new payments go through (Payple when configured, else manual). */
  provider: PaymentProvider;
  /** Every provider a stored membership may name (renewals go through the one that took the first payment). */
  providers: Partial<Record<PaymentProvider['name'], PaymentProvider>>;
  box: SecretBox;
  creditPriceKrw: number;
  /** Payple's payment window (script and client key), when new cards can be paid with. */
  paymentWindow: PaymentOrder['window'];
  /** Mails the member an administrator's decision on their request (decision 048). */
  mailer: Mailer;
  log: (line: string) => void;
}
