import { z } from 'zod';
import { listQuerySchema } from './list';
import { libraryStatuses, mediaFileSchema } from './media';
import { ownerHoldField } from './moderation';
import { hasTwoDecimalsAtMost } from './rules';
import { publicUserSchema } from './users';
import { countryCodeSchema, phoneSchema } from './validation';

/** The shop (issue 15): creators sell physical goods and digital files; fans buy from their wallet. */
export const productTypes = ['physical', 'digital'] as const;
export type ProductType = (typeof productTypes)[number];

/** A product's price in tokens: something is paid (unlike posts, a product is never free). */
export const PRODUCT_PRICE_LIMITS = { min: 0.5, max: 10_000 } as const;
/** At most this many images per product; the first is its cover. */
export const MAX_PRODUCT_IMAGES = 8;

/** A whole number from a form field or a query string. */
const formInteger = (what: string) => z.coerce.number(`${what} must be a number`).int('must be a whole number');

export const productPriceSchema = z.coerce
  .number('must be a number')
  .min(PRODUCT_PRICE_LIMITS.min, `must be at least ${PRODUCT_PRICE_LIMITS.min}`)
  .max(PRODUCT_PRICE_LIMITS.max, `must be at most ${PRODUCT_PRICE_LIMITS.max}`)
  .refine(hasTwoDecimalsAtMost, 'must have at most two decimals');

/**
 * The text fields of a product's create or edit form (multipart: `images` and, for a digital
 * product, `digitalFile` travel beside them). Stock is for physical products only.
 */
export const saveProductSchema = z
  .object({
    name: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
    description: z.string().trim().max(5000, 'must be at most 5000 characters').default(''),
    type: z.enum(productTypes, 'must be physical or digital'),
    price: productPriceSchema,
    stock: formInteger('stock').min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1000000').optional(),
    status: z.enum(libraryStatuses).default('active'),
  })
  .superRefine((input, context) => {
    if (input.type === 'physical' && input.stock === undefined) {
      context.addIssue({ code: 'custom', path: ['stock'], message: 'is required for a physical product' });
    }
    if (input.type === 'digital' && input.stock !== undefined) {
      context.addIssue({ code: 'custom', path: ['stock'], message: 'is only for physical products' });
    }
  });
export type SaveProductInput = z.input<typeof saveProductSchema>;

export const productSchema = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(productTypes),
  price: z.number(),
  /** Physical only: how many are left. */
  stock: z.number().int().nullable(),
  status: z.enum(libraryStatuses),
  images: z.array(mediaFileSchema),
  /** Digital only: whether the file to deliver is there (never its link: that is the download route's). */
  hasDigitalFile: z.boolean(),
  performer: publicUserSchema,
  isBookmarked: z.boolean(),
  /** Digital only: the viewer bought it and may download it. */
  isBought: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** For the owner's own lists: how moderation holds it (decision 054). */
  moderation: ownerHoldField,
});
export type Product = z.infer<typeof productSchema>;

export const productSearchQuerySchema = listQuerySchema(['createdAt', 'price', 'name']).extend({
  performerId: z.uuid('must be an id').optional(),
  q: z.string().trim().max(100).optional(),
  type: z.enum(productTypes).optional(),
});
/** The creator's own products table sorts by the last change first, as every table screen does (spec 2). */
export const performerProductQuerySchema = productSearchQuerySchema.omit({ performerId: true }).extend({
  status: z.enum(libraryStatuses).optional(),
  sortBy: z.enum(['updatedAt', 'createdAt', 'price', 'name']).default('updatedAt'),
});

export const productBookmarkSchema = z.object({ _id: z.string(), objectId: z.string(), product: productSchema, createdAt: z.string() });

/** A delivery address in a fan's address book; an order keeps its own copy. */
export const saveAddressSchema = z.object({
  name: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  country: countryCodeSchema,
  state: z.string().trim().max(100, 'must be at most 100 characters').default(''),
  city: z.string().trim().min(1, 'is required').max(100, 'must be at most 100 characters'),
  street: z.string().trim().min(1, 'is required').max(300, 'must be at most 300 characters'),
  postalCode: z.string().trim().max(20, 'must be at most 20 characters').default(''),
  phone: phoneSchema,
  isDefault: z.boolean().default(false),
});
export type SaveAddressInput = z.input<typeof saveAddressSchema>;

export const addressSchema = saveAddressSchema.extend({ _id: z.string(), createdAt: z.string(), updatedAt: z.string() });
export type Address = z.infer<typeof addressSchema>;
/** What an order keeps of the address it was sent to. */
export const deliveryAddressSchema = saveAddressSchema.omit({ isDefault: true });
export type DeliveryAddress = z.infer<typeof deliveryAddressSchema>;

/** Where an order's delivery stands; a digital product is delivered at once. */
export const deliveryStatuses = ['processing', 'shipping', 'delivered', 'refunded'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];

export const orderSchema = z.object({
  _id: z.string(),
  /** Readable by people: "L-000042". */
  number: z.string(),
  buyer: publicUserSchema,
  performer: publicUserSchema,
  productId: z.string().nullable(),
  product: z.object({ name: z.string(), type: z.enum(productTypes), imageUrl: z.string().nullable() }),
  quantity: z.number().int(),
  unitPrice: z.number(),
  totalPrice: z.number(),
  /** The creator's side of it (the admin and the seller see these; the buyer sees them as 0). */
  commission: z.number(),
  net: z.number(),
  deliveryStatus: z.enum(deliveryStatuses),
  shippingCode: z.string().nullable(),
  carrier: z.string().nullable(),
  deliveryAddress: deliveryAddressSchema.nullable(),
  phone: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderQuerySchema = listQuerySchema(['createdAt', 'totalPrice']).extend({
  deliveryStatus: z.enum(deliveryStatuses).optional(),
  q: z.string().trim().max(100).optional(),
});

/** The seller (or admin) moves a delivery on: shipping needs its code. */
export const updateOrderSchema = z
  .object({
    deliveryStatus: z.enum(['processing', 'shipping', 'delivered'], 'must be processing, shipping or delivered'),
    shippingCode: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    carrier: z.string().trim().max(100, 'must be at most 100 characters').optional(),
  })
  .superRefine((input, context) => {
    if (input.deliveryStatus === 'shipping' && !input.shippingCode) {
      context.addIssue({ code: 'custom', path: ['shippingCode'], message: 'is required to mark an order shipping' });
    }
  });

export const updateDeliveryAddressSchema = z.object({ addressId: z.uuid('must be an address id'), phone: phoneSchema.optional() });

export const checkPurchasedQuerySchema = z.object({ productId: z.uuid('must be an id'), userId: z.uuid('must be an id') });

/** A link to a bought digital product's file that works for a few minutes, for its buyer only. */
export const downloadLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export const DOWNLOAD_LINK_SECONDS = 300;
