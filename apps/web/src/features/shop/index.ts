// What other features may use of shop: they import this file only, never the files behind it (decision 075).
export { AdminOrderPage, AdminOrdersPage } from './OrderPages';
export { BookmarkedProducts, CreatorProducts } from './ProductGrid';
export { useShopOpen } from './ShopOpen';
