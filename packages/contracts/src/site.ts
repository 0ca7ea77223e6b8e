import { z } from 'zod';
import { listQuerySchema } from './list';
import { moneySchema } from './performers';
import { emailSchema, looseUrl, nameSchema } from './validation';

/** CMS pages (About, Terms, ...) and news posts, written by the admin. */
export const postTypes = ['page', 'post'] as const;
export const postStatuses = ['draft', 'published'] as const;

export const postSchema = z.object({
  _id: z.string(),
  /** The address part of /page/{slug}; the id works there too. */
  slug: z.string(),
  type: z.enum(postTypes),
  title: z.string(),
  shortDescription: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
  status: z.enum(postStatuses),
  ordering: z.number().int(),
  /** Raised each time the admin publishes the page as a new version (Terms and Privacy: everyone accepts it again, decision 050). */
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Post = z.infer<typeof postSchema>;

export const slugSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'is required')
  .max(100, 'must be at most 100 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'may contain only lower-case letters, digits and single dashes');

export const savePostSchema = z.object({
  title: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  slug: slugSchema,
  type: z.enum(postTypes).default('page'),
  shortDescription: z.string().trim().max(500, 'must be at most 500 characters').default(''),
  content: z.string().max(200_000, 'must be at most 200000 characters').default(''),
  status: z.enum(postStatuses).default('draft'),
  ordering: z.number().int().min(-10_000).max(10_000).default(0),
  /**
   * Saves the page as a new version. For the Terms and the Privacy policy every account is then
   * asked to accept it at its next sign-in; a typo fix leaves this off.
   */
  newVersion: z.boolean().default(false),
});
export type SavePostInput = z.input<typeof savePostSchema>;

export const postSearchQuerySchema = listQuerySchema(['updatedAt', 'createdAt', 'ordering', 'title']).extend({
  type: z.enum(postTypes).optional(),
  q: z.string().trim().max(100).optional(),
});
export const adminPostSearchQuerySchema = postSearchQuerySchema.extend({ status: z.enum(postStatuses).optional() });

/** Banners the admin places on the site (home page positions). */
export const promoPositions = ['home-top', 'home-bottom'] as const;
export type PromoPosition = (typeof promoPositions)[number];
export const promoStatuses = ['active', 'inactive'] as const;

export const sitePromoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  description: z.string(),
  /** Where a click goes; empty for a banner that links nowhere. */
  href: z.string(),
  imageUrl: z.string().nullable(),
  position: z.enum(promoPositions),
  status: z.enum(promoStatuses),
  ordering: z.number().int(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SitePromo = z.infer<typeof sitePromoSchema>;

/** A link inside the site (`/page/about`) or an http(s) URL. */
const linkSchema = z.union([
  z.literal(''),
  looseUrl,
  z
    .string()
    .trim()
    .regex(/^\/[^\s]*$/, 'must be an http(s) URL or a path starting with /'),
]);

export const saveSitePromoSchema = z
  .object({
    title: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
    description: z.string().trim().max(500, 'must be at most 500 characters').default(''),
    href: linkSchema.default(''),
    position: z.enum(promoPositions).default('home-top'),
    status: z.enum(promoStatuses).default('active'),
    ordering: z.number().int().min(-10_000).max(10_000).default(0),
    startsAt: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).nullable().default(null),
    endsAt: z.iso.datetime({ offset: true, message: 'must be an ISO date-time' }).nullable().default(null),
  })
  .refine((promo) => !promo.startsAt || !promo.endsAt || promo.startsAt < promo.endsAt, {
    message: 'must be after startsAt',
    path: ['endsAt'],
  });
export type SaveSitePromoInput = z.input<typeof saveSitePromoSchema>;

/** Visitors get banners in the admin's order (`ordering`, ascending). */
export const sitePromoSearchQuerySchema = listQuerySchema(['ordering'])
  .pick({ offset: true, limit: true })
  .extend({ position: z.enum(promoPositions).optional() });
export const adminSitePromoSearchQuerySchema = listQuerySchema(['ordering', 'updatedAt', 'createdAt']).extend({
  position: z.enum(promoPositions).optional(),
  status: z.enum(promoStatuses).optional(),
});

/** Wallet top-up bundles: pay `price`, receive `tokens` (domain-rules: Wallet). */
export const tokenPackageSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  tokens: z.number(),
  ordering: z.number().int(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TokenPackage = z.infer<typeof tokenPackageSchema>;

export const saveTokenPackageSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  description: z.string().trim().max(500, 'must be at most 500 characters').default(''),
  price: moneySchema.max(100_000, 'must be at most 100000'),
  tokens: moneySchema.max(10_000_000, 'must be at most 10000000'),
  ordering: z.number().int().min(-10_000).max(10_000).default(0),
  isActive: z.boolean().default(true),
});
export type SaveTokenPackageInput = z.input<typeof saveTokenPackageSchema>;

export const tokenPackageSearchQuerySchema = listQuerySchema(['ordering', 'price', 'updatedAt']).extend({
  q: z.string().trim().max(100).optional(),
});

/** The contact form; mailed to the admin. */
export const contactSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  subject: z.string().trim().max(200, 'must be at most 200 characters').default(''),
  message: z.string().trim().min(10, 'must be at least 10 characters').max(5000, 'must be at most 5000 characters'),
  /** Required when the admin has switched reCAPTCHA on. */
  recaptchaToken: z.string().max(4000).optional(),
});
export type ContactInput = z.input<typeof contactSchema>;
