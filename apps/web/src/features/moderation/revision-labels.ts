import type { ProfileRevisionChange } from '@limelight/contracts';

/** The fields of a profile revision in words (decision 055), as the creator's form and the admin's queue name them. */
export const revisedFieldLabels: Record<ProfileRevisionChange['field'], string> = {
  name: 'Display name',
  bio: 'About you',
  country: 'Country',
  state: 'State or region',
  city: 'City',
  avatar: 'Avatar',
  cover: 'Cover',
  welcomeVideo: 'Welcome video',
};
