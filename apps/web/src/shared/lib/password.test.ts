import { describe, expect, it } from 'vitest';
import { preparePassword } from './password';

describe('HASH_PW_CLIENT', () => {
  it('sends the password as typed when off', async () => expect(await preparePassword('secret-pass', false)).toBe('secret-pass'));
  it('sends its SHA-256 in hex when on', async () =>
    expect(await preparePassword('abc', true)).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'));
});
