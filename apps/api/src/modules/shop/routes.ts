import {
  addressSchema,
  checkPurchasedQuerySchema,
  downloadLinkSchema,
  formatTokens,
  listQuerySchema,
  listResponseSchema,
  type Order,
  orderQuerySchema,
  orderSchema,
  performerProductQuerySchema,
  productBookmarkSchema,
  productSchema,
  productSearchQuerySchema,
  saveAddressSchema,
  saveProductSchema,
  updateDeliveryAddressSchema,
  updateOrderSchema,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { requireUser, sessionOf } from '../../platform/auth';
import { csvPerson, sendCsv } from '../../platform/csv';
import { multipartForm } from '../../platform/uploads';
import { requireAdmin, requireFan, requireOrdersManager, requirePerformer } from '../access';
import { createAddress, deleteAddress, listAddresses, updateAddress } from './addresses';
import { assertShopOpen } from './open';
import {
  checkUserPurchased,
  downloadFile,
  downloadLink,
  orderFor,
  orderScopeOf,
  searchOrders,
  updateDeliveryAddress,
  updateOrder,
} from './orders';
import {
  bookmarkedProducts,
  deleteProduct,
  ownProduct,
  performerProducts,
  productForViewer,
  saveProduct,
  searchProducts,
} from './products';

const idParams = z.object({ id: z.uuid('must be an id') });
const productForm = {
  ...multipartForm({ images: { accepts: 'image' }, digitalFile: { accepts: 'download', when: { type: 'digital' } } }, saveProductSchema),
  description: `Multipart: the fields ${Object.keys(saveProductSchema.shape).join(', ')}; the files images (the field repeated, the first is the cover) and, for a digital product, digitalFile (what its buyers download).`,
};

/**
 * The shop (spec 7: Products, Orders, Addresses; decision 016). The admin's `enableProduct`
 * switches all of it: off, every shop route answers 404 saying so, and the web hides the shop.
 */
export const shopRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', async () => assertShopOpen(deps));
    const fan = { preHandler: requireFan };

    app.post(
      '/performer/performer-assets/products',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['shop'],
          summary: "Create a product in the signed-in creator's shop",
          operationId: 'createProduct',
          ...productForm,
          response: { 200: productSchema },
        },
      },
      async (request) => saveProduct(deps, sessionOf(request).user, request),
    );

    app.put(
      '/performer/performer-assets/products/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['shop'],
          summary: "Update one of the signed-in creator's products",
          operationId: 'updateProduct',
          ...productForm,
          params: idParams,
          response: { 200: productSchema },
        },
      },
      async (request) => saveProduct(deps, sessionOf(request).user, request, request.params.id),
    );

    app.get(
      '/performer/performer-assets/products/search',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['shop'],
          summary: "List the signed-in creator's products, drafts included",
          operationId: 'listCreatorProducts',
          querystring: performerProductQuerySchema,
          response: { 200: listResponseSchema(productSchema) },
        },
      },
      async (request) => performerProducts(deps, sessionOf(request).user, request.query),
    );

    app.get(
      '/performer/performer-assets/products/:id/view',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['shop'],
          summary: "Get one of the signed-in creator's products, in any state",
          operationId: 'getCreatorProduct',
          params: idParams,
          response: { 200: productSchema },
        },
      },
      async (request) => ownProduct(deps, sessionOf(request).user, request.params.id),
    );

    app.delete(
      '/performer/performer-assets/products/:id',
      {
        preHandler: requirePerformer,
        schema: {
          tags: ['shop'],
          summary: "Delete one of the signed-in creator's products",
          operationId: 'deleteProduct',
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await deleteProduct(deps, sessionOf(request).user, request.params.id);
        return { message: 'Product deleted' };
      },
    );

    app.get(
      '/performer-assets/products/search',
      {
        schema: {
          tags: ['shop'],
          summary: 'List products on sale in the shop',
          operationId: 'listShopProducts',
          querystring: productSearchQuerySchema,
          response: { 200: listResponseSchema(productSchema) },
        },
      },
      async (request) => searchProducts(deps, request.session?.user, request.query),
    );

    app.get(
      '/performer-assets/products/:id',
      {
        schema: {
          tags: ['shop'],
          summary: 'Get a product on sale, or one the signed-in user bought',
          operationId: 'getShopProduct',
          params: idParams,
          response: { 200: productSchema },
        },
      },
      async (request) => productForViewer(deps, request.session?.user, request.params.id),
    );

    app.get(
      '/reactions/products/bookmark',
      {
        preHandler: requireUser,
        schema: {
          tags: ['reactions'],
          summary: 'List the products the signed-in user bookmarked',
          operationId: 'listBookmarkedProducts',
          querystring: listQuerySchema(['createdAt']),
          response: { 200: listResponseSchema(productBookmarkSchema) },
        },
      },
      async (request) => bookmarkedProducts(deps, sessionOf(request).user, request.query),
    );

    const seller = { preHandler: requireOrdersManager };

    app.get(
      '/orders/search',
      {
        ...seller,
        schema: {
          tags: ['shop'],
          summary: "List orders of the signed-in creator's products, or all for admins",
          operationId: 'listSellerOrders',
          querystring: orderQuerySchema,
          response: { 200: listResponseSchema(orderSchema) },
        },
      },
      async (request) => searchOrders(deps, sessionOf(request).user, orderScopeOf(sessionOf(request).user), request.query),
    );

    app.get(
      '/admin/orders/export.csv',
      {
        preHandler: requireAdmin,
        schema: { tags: ['admin'], summary: 'Export orders as CSV', operationId: 'adminExportOrders', querystring: orderQuerySchema },
      },
      async (request, reply) =>
        sendCsv<Order>(
          reply,
          'orders.csv',
          [
            ['number', (row) => row.number],
            ['id', (row) => row._id],
            ['createdAt', (row) => row.createdAt],
            ['buyer', (row) => csvPerson(row.buyer)],
            ['creator', (row) => csvPerson(row.performer)],
            ['product', (row) => row.product.name],
            ['type', (row) => row.product.type],
            ['quantity', (row) => row.quantity],
            ['unitPrice', (row) => formatTokens(row.unitPrice)],
            ['total', (row) => formatTokens(row.totalPrice)],
            ['commission', (row) => formatTokens(row.commission)],
            ['net', (row) => formatTokens(row.net)],
            ['delivery', (row) => row.deliveryStatus],
            ['carrier', (row) => row.carrier],
            ['shippingCode', (row) => row.shippingCode],
          ],
          (page) => searchOrders(deps, sessionOf(request).user, 'all', { ...request.query, ...page }),
        ),
    );

    app.get(
      '/orders/users/search',
      {
        ...fan,
        schema: {
          tags: ['shop'],
          summary: "List the signed-in fan's orders",
          operationId: 'listBuyerOrders',
          querystring: orderQuerySchema,
          response: { 200: listResponseSchema(orderSchema) },
        },
      },
      async (request) => searchOrders(deps, sessionOf(request).user, { buyerId: sessionOf(request).user.id }, request.query),
    );

    app.get(
      '/orders/check-user-purchased',
      {
        preHandler: requireUser,
        schema: {
          tags: ['shop'],
          summary: 'Check whether a user bought a product (that user, seller or admin)',
          operationId: 'checkUserPurchasedProduct',
          querystring: checkPurchasedQuerySchema,
          response: { 200: z.object({ purchased: z.boolean() }) },
        },
      },
      async (request) => checkUserPurchased(deps, sessionOf(request).user, request.query),
    );

    app.get(
      '/orders/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['shop'],
          summary: 'Get an order as its buyer, its seller or an admin',
          operationId: 'getOrder',
          params: idParams,
          response: { 200: orderSchema },
        },
      },
      async (request) => orderFor(deps, sessionOf(request).user, request.params.id),
    );

    app.put(
      '/orders/:id/update',
      {
        ...seller,
        schema: {
          tags: ['shop'],
          summary: "Update an order's delivery status and tracking (seller or admin)",
          operationId: 'updateOrderDelivery',
          params: idParams,
          body: updateOrderSchema,
          response: { 200: orderSchema },
        },
      },
      async (request) => updateOrder(deps, sessionOf(request).user, request.params.id, request.body),
    );

    app.put(
      '/orders/:id/update/delivery-address',
      {
        ...fan,
        schema: {
          tags: ['shop'],
          summary: "Change where the signed-in fan's order is delivered",
          operationId: 'updateOrderDeliveryAddress',
          params: idParams,
          body: updateDeliveryAddressSchema,
          response: { 200: orderSchema },
        },
      },
      async (request) => updateDeliveryAddress(deps, sessionOf(request).user, request.params.id, request.body),
    );

    app.get(
      '/performer-assets/products/:id/download-link',
      {
        ...fan,
        schema: {
          tags: ['shop'],
          summary: 'Get a short-lived download link for a bought digital product',
          operationId: 'getProductDownloadLink',
          params: idParams,
          response: { 200: downloadLinkSchema },
        },
      },
      async (request) => downloadLink(deps, sessionOf(request).user, request.params.id),
    );

    app.get(
      '/performer-assets/products/:id/download',
      {
        ...fan,
        schema: {
          tags: ['shop'],
          summary: "Download a bought digital product's file with a signed link",
          operationId: 'downloadProductFile',
          params: idParams,
          querystring: z.object({ expires: z.string().max(20).optional(), signature: z.string().max(100).optional() }),
        },
      },
      async (request, reply) => {
        const file = await downloadFile(deps, sessionOf(request).user, request.params.id, request.query);
        // An attachment, never rendered by us: the buyer's own software opens it.
        const name = (file.originalName || 'download').replace(/[^\w.-]+/g, '_');
        return reply
          .type(file.mimeType)
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('content-length', file.size)
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "sandbox; default-src 'none'")
          .header('cache-control', 'private, no-store')
          .send(await deps.storage.read(file.storageKey));
      },
    );

    app.post(
      '/addresses/create',
      {
        ...fan,
        schema: {
          tags: ['shop'],
          summary: 'Save a delivery address for the signed-in fan',
          operationId: 'createDeliveryAddress',
          body: saveAddressSchema,
          response: { 200: addressSchema },
        },
      },
      async (request) => createAddress(deps, sessionOf(request).user, request.body),
    );

    app.put(
      '/addresses/:id',
      {
        ...fan,
        schema: {
          tags: ['shop'],
          summary: "Update one of the signed-in fan's delivery addresses",
          operationId: 'updateDeliveryAddress',
          params: idParams,
          body: saveAddressSchema,
          response: { 200: addressSchema },
        },
      },
      async (request) => updateAddress(deps, sessionOf(request).user, request.params.id, request.body),
    );

    app.get(
      '/addresses/search',
      {
        ...fan,
        schema: {
          tags: ['shop'],
          summary: "List the signed-in fan's delivery addresses",
          operationId: 'listDeliveryAddresses',
          querystring: listQuerySchema(['createdAt']),
          response: { 200: listResponseSchema(addressSchema) },
        },
      },
      async (request) => listAddresses(deps, sessionOf(request).user, request.query),
    );

    app.delete(
      '/addresses/:id',
      {
        ...fan,
        schema: {
          tags: ['shop'],
          summary: "Delete one of the signed-in fan's delivery addresses",
          operationId: 'deleteDeliveryAddress',
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await deleteAddress(deps, sessionOf(request).user, request.params.id);
        return { message: 'Address deleted' };
      },
    );
  };
