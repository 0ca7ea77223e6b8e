import {
  cardChargeInputSchema,
  couponQuerySchema,
  couponSchema,
  formatMoney,
  formatTokens,
  IDEMPOTENCY_HEADER,
  listResponseSchema,
  type PaymentTransaction,
  paymentCardSchema,
  paymentGateways,
  paymentTransactionSchema,
  refundPreviewSchema,
  saveCouponSchema,
  topUpSchema,
  transactionQuerySchema,
  walletChargeRouteTypes,
} from '@limelight/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { perAccountRateLimit, requireUser, sessionOf } from '../../platform/auth';
import { csvPerson, sendCsv } from '../../platform/csv';
import { idempotencyHeaders } from '../../platform/idempotency';
import { typesEnum } from '../../platform/selling';
import { requireAdmin } from '../access';
import { tipGuards } from '../wallet';
import { confirmSandboxPayment, refundByAdmin, refundPreviewFor, retryPayment } from './card-payments';
import { payByCard } from './card-purchases';
import { addCard, listCards, removeCard, setDefaultCard } from './cards';
import { createCoupon, deleteCoupon, presentCoupon, searchCoupons, updateCoupon, usableCoupon } from './coupons';
import { topUp } from './top-up';
import { searchTransactions, transactionFor } from './transactions';

const idParams = z.object({ id: z.uuid('must be an id') });

/** Cards, card payments and coupons (spec 7, Payments). */
export const paymentsRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payment-cards',
      {
        preHandler: requireUser,
        schema: {
          tags: ['payments'],
          summary: "List the signed-in user's saved cards",
          operationId: 'listPaymentCards',
          response: { 200: listResponseSchema(paymentCardSchema) },
        },
      },
      async (request) => listCards(deps, sessionOf(request).user),
    );
    app.post(
      '/:gateway/cards',
      {
        preHandler: requireUser,
        config: perAccountRateLimit(20, '1 hour'),
        schema: {
          tags: ['payments'],
          summary: 'Save a card with a payment gateway',
          operationId: 'addPaymentCard',
          description: 'Saves a card. sandbox: number, expMonth, expYear, cvc, holderName. stripe: paymentMethodId (from Stripe.js).',
          params: z.object({ gateway: z.enum(paymentGateways) }),
          body: z.record(z.string(), z.unknown()),
          response: { 200: paymentCardSchema },
        },
      },
      async (request) => addCard(deps, sessionOf(request).user, request.params.gateway, request.body),
    );
    app.put(
      '/payment-cards/:id/default',
      {
        preHandler: requireUser,
        schema: {
          tags: ['payments'],
          summary: 'Make a saved card the default one',
          operationId: 'setDefaultPaymentCard',
          params: idParams,
          response: { 200: paymentCardSchema },
        },
      },
      async (request) => setDefaultCard(deps, sessionOf(request).user, request.params.id),
    );
    app.delete(
      '/payment-cards/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['payments'],
          summary: 'Remove a saved card',
          operationId: 'removePaymentCard',
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await removeCard(deps, sessionOf(request).user, request.params.id);
        return { message: 'Card removed' };
      },
    );

    app.post(
      '/payment/wallet/top-up',
      {
        preHandler: requireUser,
        config: perAccountRateLimit(30, '1 hour'),
        schema: {
          tags: ['payments'],
          summary: 'Buy wallet tokens with a saved card (fan)',
          operationId: 'topUpWallet',
          headers: idempotencyHeaders,
          description: `Buys tokens with a saved card. Send an ${IDEMPOTENCY_HEADER} header to make retries safe.`,
          body: topUpSchema,
          response: { 200: paymentTransactionSchema },
        },
      },
      async (request) => topUp(deps, sessionOf(request).user, request.body, request),
    );
    app.post(
      '/payment/charges/:type/:id',
      {
        preHandler: tipGuards(deps),
        config: perAccountRateLimit(30, '1 hour'),
        schema: {
          tags: ['payments'],
          summary: 'Pay a tip or an item with a saved card',
          operationId: 'payTipOrItemByCard',
          headers: idempotencyHeaders,
          description: `Pays a tip or an item (as POST /wallet/charges/{type}/{id}) with a saved card. Nothing is granted until the card pays; the purchase then is an ordinary wallet charge. Send an ${IDEMPOTENCY_HEADER} header to make retries safe.`,
          params: z.object({ type: typesEnum(walletChargeRouteTypes, deps.sellables.sold), id: z.uuid('must be an id') }),
          body: cardChargeInputSchema,
          response: { 200: paymentTransactionSchema },
        },
      },
      async (request) => payByCard(deps, sessionOf(request).user, request.params.type, request.params.id, request.body, request),
    );
    app.post(
      '/payment/retry/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['payments'],
          summary: 'Retry a failed or stuck card payment',
          operationId: 'retryPayment',
          params: idParams,
          response: { 200: paymentTransactionSchema },
        },
      },
      async (request) => retryPayment(deps, sessionOf(request).user, request.params.id),
    );
    app.post(
      '/payment/sandbox/confirm/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['payments'],
          summary: 'Confirm a sandbox payment waiting for its 3-D Secure step',
          operationId: 'confirmSandboxPayment',
          description: "The sandbox gateway's 3-D Secure step: confirms a payment waiting for it.",
          params: idParams,
          response: { 200: paymentTransactionSchema },
        },
      },
      async (request) => confirmSandboxPayment(deps, sessionOf(request).user, request.params.id),
    );
    app.get(
      '/payment/transactions/user/search',
      {
        preHandler: requireUser,
        schema: {
          tags: ['payments'],
          summary: "List the signed-in user's card payments",
          operationId: 'listPaymentTransactions',
          querystring: transactionQuerySchema,
          response: { 200: listResponseSchema(paymentTransactionSchema) },
        },
      },
      async (request) => searchTransactions(deps, request.query, sessionOf(request).user.id),
    );
    app.get(
      '/payment/transactions/:id',
      {
        preHandler: requireUser,
        schema: {
          tags: ['payments'],
          summary: 'Get a card payment as its payer or an admin',
          operationId: 'getPaymentTransaction',
          params: idParams,
          response: { 200: paymentTransactionSchema },
        },
      },
      async (request) => transactionFor(deps, sessionOf(request).user, request.params.id),
    );

    app.get(
      '/admin/payment/transactions/search',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List all card payments',
          operationId: 'adminListPaymentTransactions',
          querystring: transactionQuerySchema,
          response: { 200: listResponseSchema(paymentTransactionSchema) },
        },
      },
      async (request) => searchTransactions(deps, request.query),
    );
    app.get(
      '/admin/payment/transactions/export.csv',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Export card payments as CSV',
          operationId: 'adminExportPaymentTransactions',
          querystring: transactionQuerySchema,
        },
      },
      async (request, reply) =>
        sendCsv<PaymentTransaction>(
          reply,
          'transactions.csv',
          [
            ['id', (row) => row._id],
            ['createdAt', (row) => row.createdAt],
            ['fan', (row) => csvPerson(row.user)],
            ['creator', (row) => csvPerson(row.performer)],
            ['kind', (row) => row.type],
            ['buys', (row) => row.purchase?.type],
            ['gateway', (row) => row.gateway],
            ['amount', (row) => formatMoney(row.amount)],
            // A subscription payment buys a period, not tokens: the console leaves the cell empty too.
            ['tokens', (row) => (row.type === 'subscription' ? null : formatTokens(row.tokens))],
            ['refunded', (row) => (row.refunded ? formatMoney(row.refunded) : null)],
            ['coupon', (row) => row.couponCode],
            ['status', (row) => row.status],
            ['failureReason', (row) => row.failureReason],
          ],
          (page) => searchTransactions(deps, { ...request.query, ...page }),
        ),
    );
    app.get(
      '/admin/payment/transactions/:id/refund-preview',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Preview what refunding a card payment gives and takes back',
          operationId: 'adminPreviewPaymentRefund',
          description: 'What refunding a card payment will give back to the card and take back, before confirming.',
          params: idParams,
          response: { 200: refundPreviewSchema },
        },
      },
      async (request) => refundPreviewFor(deps, request.params.id),
    );
    app.post(
      '/admin/payment/transactions/:id/refund',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: "Refund a card payment's unspent tokens to the card",
          operationId: 'adminRefundPayment',
          description:
            'Gives a successful card payment back to the card as far as its tokens are unspent (see refund-preview) and takes back what it bought.',
          params: idParams,
          response: { 200: paymentTransactionSchema },
        },
      },
      async (request) => refundByAdmin(deps, sessionOf(request).user, request.params.id),
    );

    app.get(
      '/admin/coupons',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'List coupons',
          operationId: 'adminListCoupons',
          querystring: couponQuerySchema,
          response: { 200: listResponseSchema(couponSchema) },
        },
      },
      async (request) => searchCoupons(deps, request.query),
    );
    app.post(
      '/admin/coupons',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Create a coupon',
          operationId: 'adminCreateCoupon',
          body: saveCouponSchema,
          response: { 201: couponSchema },
        },
      },
      async (request, reply) => reply.status(201).send(await createCoupon(deps, request.body)),
    );
    app.put(
      '/admin/coupons/:id',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Update a coupon',
          operationId: 'adminUpdateCoupon',
          params: idParams,
          body: saveCouponSchema,
          response: { 200: couponSchema },
        },
      },
      async (request) => updateCoupon(deps, request.params.id, request.body),
    );
    app.delete(
      '/admin/coupons/:id',
      {
        preHandler: requireAdmin,
        schema: {
          tags: ['admin'],
          summary: 'Delete a coupon',
          operationId: 'adminDeleteCoupon',
          params: idParams,
          response: { 200: z.object({ message: z.string() }) },
        },
      },
      async (request) => {
        await deleteCoupon(deps, request.params.id);
        return { message: 'Coupon deleted' };
      },
    );

    app.post(
      '/coupons/:code/apply-coupon',
      {
        preHandler: requireUser,
        config: perAccountRateLimit(30, '1 minute'),
        schema: {
          tags: ['payments'],
          summary: 'Check that the signed-in user may use a coupon code',
          operationId: 'checkCouponCode',
          params: z.object({ code: z.string().max(50) }),
          response: { 200: couponSchema },
        },
      },
      async (request) => presentCoupon(await usableCoupon(deps.db, sessionOf(request).user, { code: request.params.code })),
    );
  };
