import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * The one AES-256-GCM box for secrets at rest (architecture §3: tenants' search API keys, SSO
 * client secrets, saved cards' billing keys), with a key derived from a server secret and a label
 * of the owning module, so each module's key differs; stored as `v1.<iv>.<tag>.<ciphertext>` in
 * base64url. `open` answers null for what it cannot open and each caller decides what that means:
 * a search key or a client secret that cannot be opened is as good as none; a billing key that
 * cannot be opened fails the charge.
 */
export function createSecretBox(secret: string, label: string) {
  const key = createHash('sha256').update(`${label}:${secret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    /** The plain secret, or null when it cannot be opened (another server secret, tampering). */
    open(sealed: string): string | null {
      const [v, iv, tag, data] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
