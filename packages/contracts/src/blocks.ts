import { z } from 'zod';
import { listQuerySchema } from './list';
import { publicUserSchema } from './users';
import { countryCodeSchema } from './validation';

/** `POST /block/users`: the signed-in account blocks another (decision 011). */
export const blockUserSchema = z.object({
  targetId: z.uuid('must be an account id'),
  reason: z.string().trim().max(500, 'must be at most 500 characters').optional(),
});
export type BlockUserInput = z.infer<typeof blockUserSchema>;

export const blockedUserSchema = z.object({
  _id: z.string(),
  target: publicUserSchema,
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type BlockedUser = z.infer<typeof blockedUserSchema>;

export const blockedUsersQuerySchema = listQuerySchema(['createdAt']).extend({
  q: z.string().trim().max(100).optional(),
});

/** `POST /block/countries` replaces the creator's whole list; `GET` answers the same shape. */
export const blockCountriesSchema = z.object({
  countryCodes: z.array(countryCodeSchema).max(300, 'must list at most 300 countries'),
});
export type BlockCountriesInput = z.infer<typeof blockCountriesSchema>;

/** Whether the signed-in account blocked a user, for the block/unblock buttons. */
export const blockStatusSchema = z.object({ blocked: z.boolean() });
