import { endpoints as reactionsEndpoints } from '../../shared/api/generated/reactions';
import { endpoints } from '../../shared/api/generated/shop';
import { useReaction } from '../../shared/api/reactions';
import { saleTag } from '../../shared/pay/sale';

export const shopApi = endpoints.enhanceEndpoints({
  endpoints: {
    /** Fans' view: active products, by creator (`performerId`), words or type. */
    listShopProducts: { providesTags: ['Products', saleTag('product')] },
    getShopProduct: { providesTags: ['Products', saleTag('product')] },
    listCreatorProducts: { providesTags: ['Products'] },
    getCreatorProduct: { providesTags: ['Products'] },
    deleteProduct: { invalidatesTags: ['Products'] },
    /** A creator's sales, or every order for an admin. */
    listSellerOrders: { providesTags: ['Orders'] },
    /** The signed-in fan's own orders. */
    listBuyerOrders: { providesTags: ['Orders', saleTag('product')] },
    getOrder: { providesTags: ['Orders', saleTag('product')] },
    updateOrderDelivery: { invalidatesTags: ['Orders'] },
    updateOrderDeliveryAddress: { invalidatesTags: ['Orders'] },
    listDeliveryAddresses: { providesTags: ['Addresses'] },
    createDeliveryAddress: { invalidatesTags: ['Addresses'] },
    updateDeliveryAddress: { invalidatesTags: ['Addresses'] },
    deleteDeliveryAddress: { invalidatesTags: ['Addresses'] },
  },
});

/** The book holds at most 20 addresses: one page shows them all (one argument, so one cache entry for every reader). */
export const WHOLE_ADDRESS_BOOK = { limit: 20 };

/** The fan's bookmarked products, listed under the reactions in the API's document. */
export const bookmarkedProductsApi = reactionsEndpoints.enhanceEndpoints({
  endpoints: { listBookmarkedProducts: { providesTags: ['Products', saleTag('product')] } },
});

export const {
  useListShopProductsQuery,
  useGetShopProductQuery,
  useListCreatorProductsQuery,
  useGetCreatorProductQuery,
  useDeleteProductMutation,
  useListSellerOrdersQuery,
  useListBuyerOrdersQuery,
  useGetOrderQuery,
  useUpdateOrderDeliveryMutation,
  useUpdateOrderDeliveryAddressMutation,
  useLazyGetProductDownloadLinkQuery,
  useListDeliveryAddressesQuery,
  useCreateDeliveryAddressMutation,
  useUpdateDeliveryAddressMutation,
  useDeleteDeliveryAddressMutation,
} = shopApi;
export const { useListBookmarkedProductsQuery } = bookmarkedProductsApi;

/** Bookmarks a product (`on`) or takes the bookmark back, then refetches the products (the star on its page, the bookmarked list). */
export const useBookmarkProduct = () =>
  useReaction(
    (id: string) => ({ objectType: 'product', objectId: id, action: 'bookmark' }),
    () => ['Products'],
  );
