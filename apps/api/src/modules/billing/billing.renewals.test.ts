import { describe, expect, it } from 'vitest';
import { createSecretBox } from '../../integrations/secret-box';
import { openBillingKey } from './billing.renewals';

describe('saved cards', () => {
  it('a billing key that cannot be opened fails the charge instead of charging without one', () => {
    const box = createSecretBox('server-secret', 'payment-methods');
    expect(openBillingKey(box, box.seal('billing-key'))).toBe('billing-key');
    expect(() => openBillingKey(createSecretBox('other-secret', 'payment-methods'), box.seal('billing-key'))).toThrow(/cannot be opened/);
  });
});
