import type { MediaFile } from '@limelight/contracts';

/**
 * The alt of a picture in a post, a gallery or a story (decision 030): the creator's words when
 * they wrote some, else what it is, where it sits and whose it is ("Photo 2 of 5 by Ava Stone").
 */
export function mediaAlt(
  file: Pick<MediaFile, 'altText'>,
  { noun = 'Photo', creator, position, count }: { noun?: string; creator: string; position?: number; count?: number },
): string {
  if (file.altText) return file.altText;
  const place = position && count && count > 1 ? ` ${position} of ${count}` : '';
  return `${noun}${place} by ${creator}`;
}

/** What locked media is called: its creator's alt describes what is paid for, so it is never used. */
export const lockedAlt = (noun: string, creator: string) => `Locked ${noun} by ${creator}`;
