import type { DeliveryAddress, DeliveryStatus, ProductType } from '@limelight/contracts';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { libraryItemColumns, libraryItemConstraints } from './library';
import { files } from './media';
import { walletCharges } from './money';
import { users } from './users';

/**
 * A creator's product (issue 15), an item of their library: `title` is the product's name, and
 * it is always for sale. A physical one counts its stock (decremented by each order in the
 * charge's transaction); a digital one keeps the file it delivers, served only by download links.
 */
export const products = pgTable(
  'products',
  {
    ...libraryItemColumns(),
    type: text('type').$type<ProductType>().notNull(),
    stock: integer('stock'),
    digitalFileId: uuid('digital_file_id').references(() => files.id, { onDelete: 'set null' }),
  },
  (t) => [
    ...libraryItemConstraints('products', t),
    check('products_type_check', sql`${t.type} in ('physical', 'digital')`),
    check(
      'products_stock_check',
      sql`(${t.type} = 'physical' and ${t.stock} is not null and ${t.stock} >= 0) or (${t.type} = 'digital' and ${t.stock} is null)`,
    ),
  ],
);

/** A product's images in order; the first is its cover. */
export const productImages = pgTable(
  'product_images',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.fileId] }), index('product_images_product_position_idx').on(t.productId, t.position)],
);

/** A fan's address book; at most one default address each. */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    country: text('country').notNull(),
    state: text('state').notNull().default(''),
    city: text('city').notNull(),
    street: text('street').notNull(),
    postalCode: text('postal_code').notNull().default(''),
    phone: text('phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('addresses_user_created_idx').on(t.userId, t.createdAt),
    uniqueIndex('addresses_one_default_key').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export type ProductSnapshot = { name: string; type: ProductType; imageUrl: string | null };

/**
 * What a purchase of a product created, in the charge's transaction: who bought what from whom,
 * a copy of the product and of the address as they were, and where the delivery stands. The
 * money itself is the wallet charge's (`charge_id`, one order per charge).
 */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** Readable by people ("L-000042" in the app), in the order orders were placed. */
    number: integer('number').generatedAlwaysAsIdentity().notNull(),
    buyerId: uuid('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    performerId: uuid('performer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    product: jsonb('product').$type<ProductSnapshot>().notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull(),
    commissionCents: bigint('commission_cents', { mode: 'number' }).notNull(),
    netCents: bigint('net_cents', { mode: 'number' }).notNull(),
    chargeId: uuid('charge_id')
      .notNull()
      .references(() => walletCharges.id),
    deliveryStatus: text('delivery_status').$type<DeliveryStatus>().notNull(),
    shippingCode: text('shipping_code'),
    carrier: text('carrier'),
    deliveryAddress: jsonb('delivery_address').$type<DeliveryAddress>(),
    phone: text('phone'),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_number_key').on(t.number),
    uniqueIndex('orders_charge_key').on(t.chargeId),
    index('orders_buyer_created_idx').on(t.buyerId, t.createdAt),
    index('orders_performer_created_idx').on(t.performerId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    check('orders_quantity_positive', sql`${t.quantity} > 0`),
    check('orders_delivery_status_check', sql`${t.deliveryStatus} in ('processing', 'shipping', 'delivered', 'refunded')`),
  ],
);
