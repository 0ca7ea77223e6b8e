import { PagedGrid, useGridPage } from '../../shared/ui/PagedGrid';
import { useListBookmarkedProductsQuery, useListShopProductsQuery } from './api';
import { ProductCard } from './ProductCard';

/** A creator's store: their active products, newest first. */
export function CreatorProducts({ performerId, empty }: { performerId: string; empty: string }) {
  const { data, isLoading } = useListShopProductsQuery({ performerId, sortBy: 'createdAt', ...useGridPage() });
  return (
    <PagedGrid
      data={data}
      isLoading={isLoading}
      empty={empty}
      keyOf={(product) => product._id}
      render={(product) => <ProductCard product={product} />}
    />
  );
}

export function BookmarkedProducts() {
  const { data, isLoading } = useListBookmarkedProductsQuery(useGridPage());
  return (
    <PagedGrid
      data={data}
      isLoading={isLoading}
      empty="No bookmarked products yet. Use the bookmark button on a product to keep it here."
      keyOf={(item) => item._id}
      render={(item) => <ProductCard product={item.product} />}
    />
  );
}
