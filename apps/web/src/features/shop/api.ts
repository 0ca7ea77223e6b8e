import type {
  Address,
  ListResponse,
  Order,
  Product,
  SaveAddressInput,
  updateDeliveryAddressSchema,
  updateOrderSchema,
} from '@limelight/contracts';
import type { z } from 'zod';
import { api } from '../../shared/lib/api';

type Params = Record<string, string | number | undefined>;
type Page = { offset: number; limit: number };

export const shopApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Fans' view: active products, by creator (`performerId`), words or type. */
    products: build.query<ListResponse<Product>, Params>({
      query: (params) => ({ url: '/performer-assets/products/search', params }),
      providesTags: ['Products'],
    }),
    product: build.query<Product, string>({
      query: (id) => `/performer-assets/products/${id}`,
      providesTags: ['Products'],
    }),
    myProducts: build.query<ListResponse<Product>, Params>({
      query: (params) => ({ url: '/performer/performer-assets/products/search', params }),
      providesTags: ['Products'],
    }),
    myProduct: build.query<Product, string>({
      query: (id) => `/performer/performer-assets/products/${id}/view`,
      providesTags: ['Products'],
    }),
    deleteProduct: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/performer/performer-assets/products/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Products'],
    }),
    bookmarkProduct: build.mutation<unknown, { id: string; on: boolean }>({
      query: ({ id, on }) => ({
        url: '/reactions',
        method: on ? 'POST' : 'DELETE',
        body: { objectType: 'product', objectId: id, action: 'bookmark' },
      }),
      invalidatesTags: ['Products'],
    }),
    bookmarkedProducts: build.query<ListResponse<{ _id: string; product: Product }>, Page>({
      query: (params) => ({ url: '/reactions/products/bookmark', params }),
      providesTags: ['Products'],
    }),
    /** A creator's sales, or every order for an admin. */
    sellerOrders: build.query<ListResponse<Order>, Params>({
      query: (params) => ({ url: '/orders/search', params }),
      providesTags: ['Orders'],
    }),
    /** The signed-in fan's own orders. */
    myOrders: build.query<ListResponse<Order>, Params>({
      query: (params) => ({ url: '/orders/users/search', params }),
      providesTags: ['Orders'],
    }),
    order: build.query<Order, string>({
      query: (id) => `/orders/${id}`,
      providesTags: ['Orders'],
    }),
    updateOrder: build.mutation<Order, { id: string; body: z.input<typeof updateOrderSchema> }>({
      query: ({ id, body }) => ({ url: `/orders/${id}/update`, method: 'PUT', body }),
      invalidatesTags: ['Orders'],
    }),
    updateDeliveryAddress: build.mutation<Order, { id: string; body: z.input<typeof updateDeliveryAddressSchema> }>({
      query: ({ id, body }) => ({ url: `/orders/${id}/update/delivery-address`, method: 'PUT', body }),
      invalidatesTags: ['Orders'],
    }),
    /** A link to a bought file that works for a few minutes; asked for at the moment of downloading. */
    downloadLink: build.mutation<{ url: string; expiresAt: string }, string>({
      query: (id) => `/performer-assets/products/${id}/download-link`,
    }),
    addresses: build.query<ListResponse<Address>, void>({
      // The book holds at most 20: one page shows them all.
      query: () => ({ url: '/addresses/search', params: { limit: 20 } }),
      providesTags: ['Addresses'],
    }),
    saveAddress: build.mutation<Address, { id?: string; body: SaveAddressInput }>({
      query: ({ id, body }) => ({ url: id ? `/addresses/${id}` : '/addresses/create', method: id ? 'PUT' : 'POST', body }),
      invalidatesTags: ['Addresses'],
    }),
    deleteAddress: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/addresses/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Addresses'],
    }),
  }),
});

export const {
  useProductsQuery,
  useProductQuery,
  useMyProductsQuery,
  useMyProductQuery,
  useDeleteProductMutation,
  useBookmarkProductMutation,
  useBookmarkedProductsQuery,
  useSellerOrdersQuery,
  useMyOrdersQuery,
  useOrderQuery,
  useUpdateOrderMutation,
  useUpdateDeliveryAddressMutation,
  useDownloadLinkMutation,
  useAddressesQuery,
  useSaveAddressMutation,
  useDeleteAddressMutation,
} = shopApi;
