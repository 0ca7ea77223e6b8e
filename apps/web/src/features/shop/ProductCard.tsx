import { ShoppingOutlined } from '@ant-design/icons';
import type { Product } from '@limelight/contracts';
import { Card, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatTokens } from '../../shared/lib/money';
import { productTypeLabels, stockNote } from './shop-rules';

const coverOf = (product: Pick<Product, 'images'>) => product.images[0]?.thumbnailUrl ?? product.images[0]?.url ?? undefined;

/** A product's cover at a small size (tables, order lines); a shop-bag stands in when it has none. */
export function ProductThumb({ product, size }: { product: { images?: Product['images']; imageUrl?: string | null }; size: number }) {
  const src = product.imageUrl ?? (product.images ? coverOf({ images: product.images }) : undefined);
  return src ? (
    <img src={src} alt="" width={size} height={size} className="product-thumb" />
  ) : (
    <span className="product-thumb product-thumb-empty" style={{ width: size, height: size }} aria-hidden>
      <ShoppingOutlined aria-hidden />
    </span>
  );
}

/** A product in a store grid: its cover, name, price, type and, when few or none are left, how many. */
export function ProductCard({ product }: { product: Product }) {
  const note = stockNote(product);
  return (
    <Link to={`/product/${product._id}`} aria-label={product.name}>
      <Card
        hoverable
        cover={
          <div
            className="library-card-cover product-card-cover"
            style={{ backgroundImage: coverOf(product) ? `url(${coverOf(product)})` : undefined }}
          >
            {!coverOf(product) && <ShoppingOutlined className="product-card-placeholder" aria-hidden />}
          </div>
        }
        styles={{ body: { padding: 12 } }}
      >
        <Typography.Text strong ellipsis style={{ display: 'block' }}>
          {product.name}
        </Typography.Text>
        <Flex gap={4} align="center" wrap style={{ marginTop: 4 }}>
          <Tag color="purple">{formatTokens(product.price)}</Tag>
          <Tag>{productTypeLabels[product.type]}</Tag>
          {product.isBought && <Tag color="success">Bought</Tag>}
          {note && <Tag color={note === 'Sold out' ? 'error' : 'warning'}>{note}</Tag>}
        </Flex>
      </Card>
    </Link>
  );
}
