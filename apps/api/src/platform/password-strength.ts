import { createHash } from 'node:crypto';
import type * as ZxcvbnCore from '@zxcvbn-ts/core';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import type * as CommonWords from '@zxcvbn-ts/language-common';
import type * as EnglishWords from '@zxcvbn-ts/language-en';
import { badRequest } from './errors';
import { lazyRequire } from './lazy';

/** zxcvbn and its dictionaries (tens of MB once unpacked), loaded with the first password to judge (decision 019). */
const zxcvbnCore = lazyRequire<typeof ZxcvbnCore>('@zxcvbn-ts/core');
const common = lazyRequire<typeof CommonWords>('@zxcvbn-ts/language-common');
const english = lazyRequire<typeof EnglishWords>('@zxcvbn-ts/language-en');

/**
 * Refuses passwords an attacker would try early (decision 012): the 49,000 most common ones
 * from breach corpora (zxcvbn-ts' offline list, shipped with the package) and anything zxcvbn
 * rates as guessable in under 10^6 tries, counting the person's own name, username and e-mail
 * and the site's name as known words.
 */
const MIN_SCORE = 2;

let estimator: ZxcvbnFactory | undefined;
const zxcvbn = () =>
  (estimator ??= new (zxcvbnCore().ZxcvbnFactory)({
    dictionary: { ...common().dictionary, ...english().dictionary },
    graphs: common().adjacencyGraphs,
    translations: english().translations,
  }));

/**
 * With HASH_PW_CLIENT the server sees only SHA-256(password): it can still refuse a password from
 * the common list by its hash, though not judge how guessable anything else is.
 */
let commonHashes: Set<string> | undefined;
const commonPasswordHashes = () =>
  (commonHashes ??= new Set(
    (common().dictionary['passwords-common'] as string[]).map((password) => createHash('sha256').update(password).digest('hex')),
  ));

export function assertGuessResistant(password: string, options: { hashedByClient: boolean; knownWords: Array<string | null | undefined> }) {
  const field = [{ field: 'password', message: 'is too easy to guess' }];
  if (options.hashedByClient) {
    if (commonPasswordHashes().has(password.toLowerCase())) {
      throw badRequest('This password is one of the most common ones: choose another', field);
    }
    return;
  }
  const words = options.knownWords.flatMap((word) => (word ? [word, ...word.split(/[@.\s_-]+/)] : [])).filter((word) => word.length >= 3);
  const { score, feedback } = zxcvbn().check(password, words);
  if (score >= MIN_SCORE) return;
  const why = feedback.warning ?? 'It is too easy to guess.';
  const hint = feedback.suggestions[0] ?? 'Add another word or two: uncommon words are better.';
  throw badRequest(`This password is too easy to guess. ${why} ${hint}`.replace(/\.\./g, '.'), field);
}
