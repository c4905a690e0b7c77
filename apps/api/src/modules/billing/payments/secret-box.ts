import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * AES-256-GCM for billing keys at rest (architecture §3: secrets encrypted with a key from
 * config). Stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
export function createSecretBox(secret: string) {
  const key = createHash('sha256').update(`payment-methods:${secret}`).digest();
  return {
    seal(plain: string): string {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed: string): string {
      const [v, iv, tag, data] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || data === undefined) throw new Error('Unknown sealed format');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof createSecretBox>;
