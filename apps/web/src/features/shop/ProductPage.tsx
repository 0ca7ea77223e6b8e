import { EditOutlined, ShoppingOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import type { Product } from '@limelight/contracts';
import { Avatar, Button, Card, Flex, Image, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { preloadCreatorOf } from '../../shared/api/creator-page';
import { useSignedInAction } from '../../shared/hooks/useSignedInAction';
import { formatTokens } from '../../shared/lib/money';
import { preloadItem, useAppSelector } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { LibraryStatusTag } from '../../shared/ui/LibraryCard';
import { PageTitle } from '../../shared/ui/PageTitle';
import { Result } from '../../shared/ui/Result';
import { ReportButton } from '../community';
import { shopApi, useBookmarkProduct, useGetShopProductQuery } from './api';
import { BuyButton, DownloadButton, myOrdersLink } from './BuyButton';
import { productTypeLabels, stockNote } from './shop-rules';

/** The cover large, the other images as thumbnails that take its place; a click opens the lightbox. */
function ProductGallery({ product }: { product: Product }) {
  const [shown, setShown] = useState(0);
  const images = product.images;
  if (!images.length) {
    return (
      <div className="product-gallery-main product-thumb-empty" role="img" aria-label="No picture">
        <ShoppingOutlined aria-hidden />
      </div>
    );
  }
  return (
    <Flex vertical gap={8}>
      <Image.PreviewGroup
        items={images.map((image) => image.url ?? '')}
        preview={{ current: shown, onChange: (current) => setShown(current) }}
      >
        <Image
          src={images[shown]?.url ?? undefined}
          alt={images[shown]?.altText || `${product.name}, picture ${shown + 1} of ${images.length}`}
          className="product-gallery-main"
          width="100%"
        />
      </Image.PreviewGroup>
      {images.length > 1 && (
        <Flex gap={8} wrap role="group" aria-label="Pictures">
          {images.map((image, index) => (
            <button
              key={image._id}
              type="button"
              className={`product-gallery-thumb${index === shown ? ' is-shown' : ''}`}
              aria-label={`Show picture ${index + 1}`}
              aria-pressed={index === shown}
              onClick={() => setShown(index)}
            >
              <img src={image.thumbnailUrl ?? image.url ?? ''} alt="" width={64} height={64} />
            </button>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

function BookmarkToggle({ product }: { product: Product }) {
  const [bookmark, { isLoading }] = useBookmarkProduct();
  const signedIn = useSignedInAction();
  const toggle = signedIn(() =>
    bookmark(product._id, !product.isBookmarked)
      .then(() => toast.success(product.isBookmarked ? 'Removed from your bookmarks' : 'Bookmarked'))
      .catch((error: unknown) => toast.error(errorMessage(error))),
  );
  return (
    <Button
      icon={product.isBookmarked ? <StarFilled aria-hidden /> : <StarOutlined aria-hidden />}
      aria-pressed={product.isBookmarked}
      loading={isLoading}
      onClick={toggle}
    >
      {product.isBookmarked ? 'Bookmarked' : 'Bookmark'}
    </Button>
  );
}

/** What the viewer can do: buy (fans and visitors), download what they bought, or edit their own. */
function ProductActions({ product }: { product: Product }) {
  const viewer = useAppSelector((state) => state.session.user);
  if (viewer?._id === product.performer._id) {
    return (
      <ButtonLink to={`/creator/products/${product._id}/edit`} icon={<EditOutlined aria-hidden />}>
        Edit product
      </ButtonLink>
    );
  }
  if (viewer && viewer.role !== 'user') return null;
  return (
    <Flex gap={8} wrap align="center">
      {product.isBought ? <DownloadButton productId={product._id} /> : <BuyButton product={product} />}
      <BookmarkToggle product={product} />
      <ReportButton targetType="product" targetId={product._id} withLabel />
    </Flex>
  );
}

/** `/product/:id`: a product's pictures, description, price and stock, with what buys it. */
/** The item, for the server to draw it (decision 079). */
export const preload = preloadItem(shopApi.endpoints.getShopProduct, (item, start) => preloadCreatorOf(item.performer, start));

export default function ProductPage() {
  const { id = '' } = useParams();
  const { data: product, isLoading, isError } = useGetShopProductQuery({ id });
  const viewer = useAppSelector((state) => state.session.user);
  if (isLoading) return <Skeleton active className="page-narrow" />;
  if (isError || !product) {
    return <Result status="404" title="Product not found" subTitle="It may have been removed." extra={<Link to="/">Go home</Link>} />;
  }
  const profile = `/${product.performer.username ?? product.performer._id}`;
  const note = stockNote(product);
  // Only its creator reaches a draft or hidden product: they must see that fans do not.
  const unpublished = product.status !== 'active' && viewer?._id === product.performer._id;
  return (
    <Card className="page-narrow">
      <div className="product-layout">
        <ProductGallery product={product} />
        <Flex vertical gap={12}>
          <PageTitle style={{ margin: 0 }}>{product.name}</PageTitle>
          <Link to={`${profile}?tab=store`}>
            <Flex gap={8} align="center">
              <Avatar src={product.performer.avatar} alt="" />
              <Typography.Text strong>{product.performer.name}</Typography.Text>
            </Flex>
          </Link>
          <Flex gap={4} wrap align="center">
            <Typography.Text strong className="product-price">
              {formatTokens(product.price)}
            </Typography.Text>
            <Tag>{productTypeLabels[product.type]}</Tag>
            {product.type === 'physical' && !note && <Tag color="success">In stock</Tag>}
            {note && <Tag color={note === 'Sold out' ? 'error' : 'warning'}>{note}</Tag>}
            {unpublished && <LibraryStatusTag status={product.status} />}
          </Flex>
          {unpublished && <Typography.Text type="secondary">Fans do not see it until you publish it.</Typography.Text>}
          <ProductActions product={product} />
          {product.isBought && <Typography.Text type="secondary">You bought this. Your orders are in {myOrdersLink}.</Typography.Text>}
          {product.description && (
            <Typography.Paragraph style={{ whiteSpace: 'pre-line', margin: 0 }}>{product.description}</Typography.Paragraph>
          )}
        </Flex>
      </div>
    </Card>
  );
}
