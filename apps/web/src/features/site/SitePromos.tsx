import type { PromoPosition } from '@limelight/contracts';
import { Carousel, Typography } from 'antd';
import { useSitePromosQuery } from './api';

/** The admin's banners for one place on the page; nothing at all when there are none. */
export function SitePromos({ position }: { position: PromoPosition }) {
  const { data } = useSitePromosQuery(position);
  const promos = data?.data ?? [];
  if (!promos.length) return null;
  return (
    <section aria-label="Promotions" className="site-promos">
      <Carousel autoplay={promos.length > 1} autoplaySpeed={6000} dots={promos.length > 1}>
        {promos.map((promo) => {
          const banner = (
            <div className="site-promo" style={{ backgroundImage: promo.imageUrl ? `url(${promo.imageUrl})` : undefined }}>
              <div className="site-promo-text">
                <Typography.Title level={3}>{promo.title}</Typography.Title>
                {promo.description && <Typography.Paragraph>{promo.description}</Typography.Paragraph>}
              </div>
            </div>
          );
          return (
            <div key={promo._id}>
              {promo.href ? (
                <a href={promo.href} target={promo.href.startsWith('http') ? '_blank' : undefined} rel="noreferrer">
                  {banner}
                </a>
              ) : (
                banner
              )}
            </div>
          );
        })}
      </Carousel>
    </section>
  );
}
