import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { sharedSecret } from './secrets';

/**
 * Encrypts small secrets kept at rest (an authenticator app's TOTP seed) with AES-256-GCM under
 * a key every process shares (decision 048). With `SECRET_BOX_KEY` set the key lives outside the
 * database, so a stolen dump or backup holds no usable seed; without it the key is the site's
 * `secret-box` app secret, which still keeps seeds out of every table read, export and log but
 * not out of a whole-database copy.
 */
type Box = { db: Database; config: { secretBoxKey?: string } };
const keys = new WeakMap<Database, Promise<Buffer>>();

function keyOf({ db, config }: Box): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = (config.secretBoxKey ? Promise.resolve(config.secretBoxKey) : sharedSecret(db, 'secret-box')).then((secret) =>
      createHash('sha256').update(secret).digest(),
    );
    keys.set(db, key);
  }
  return key;
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url. */
export async function seal(box: Box, plain: string): Promise<string> {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(box), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

export async function open(box: Box, sealed: string): Promise<string> {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(box), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
