import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

describe('the secret box', () => {
  it('opens what it sealed; another label, another secret or a changed byte opens nothing', () => {
    const box = createSecretBox('server-secret', 'web-search-keys');
    const sealed = box.seal('tvly-key');
    expect(sealed).toMatch(/^v1\./);
    expect(box.open(sealed)).toBe('tvly-key');
    expect(createSecretBox('server-secret', 'sso-secrets').open(sealed)).toBeNull();
    expect(createSecretBox('other-secret', 'web-search-keys').open(sealed)).toBeNull();
    const [v, iv, tag, data] = sealed.split('.');
    expect(box.open([v, iv, `${tag!.startsWith('A') ? 'B' : 'A'}${tag!.slice(1)}`, data].join('.'))).toBeNull();
    expect(box.open('plain')).toBeNull();
  });
});
