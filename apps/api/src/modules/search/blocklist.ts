/**
 * Words a search may not carry onto the public "Popular searches" (decision 039): slurs, abuse,
 * and asks for minors, which no creator's page may answer. A small list, not a moderation
 * system: the admin's own list of popular searches replaces the counted one when a word slips by.
 */
/** Blocked as the start of any word ("pedos", "fucking"). */
const blockedStems = [
  'nigger',
  'nigga',
  'faggot',
  'retard',
  'tranny',
  'cunt',
  'fuck',
  'whore',
  'slut',
  'rape',
  'rapist',
  'pedo',
  'paedo',
  'loli',
  'underage',
  'child',
  'preteen',
  'jailbait',
];
/** Blocked only as whole words, being the start of harmless ones ("spicy", "kidney", "skill"). */
const blockedWords = new Set([
  'fag',
  'fags',
  'kike',
  'spic',
  'chink',
  'shit',
  'kill',
  'nazi',
  'hitler',
  'kid',
  'kids',
  'minor',
  'minors',
  'teen',
  'teens',
]);

const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export const isBlockedSearch = (keyword: string) =>
  wordsOf(keyword).some((word) => blockedWords.has(word) || blockedStems.some((stem) => word.startsWith(stem)));
