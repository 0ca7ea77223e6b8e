import type { PromoPosition } from '@limelight/contracts';
import { Carousel, Typography } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { sitePromosAsked, useListSitePromosQuery } from './promos-api';

/**
 * The carousel hides every slide but the current one (and its copies at either end) from
 * assistive technology with aria-hidden, yet their links stay in the tab order: a keyboard user
 * would land on a banner nobody can see or hear. Hidden slides are made inert, after each turn.
 */
function useInertHiddenSlides() {
  const ref = useRef<HTMLElement>(null);
  const sync = useCallback(() => {
    for (const slide of ref.current?.querySelectorAll('.slick-slide') ?? []) {
      slide.toggleAttribute('inert', slide.getAttribute('aria-hidden') === 'true');
    }
  }, []);
  useEffect(sync);
  return { ref, sync };
}

/** The admin's banners for one place on the page; nothing at all when there are none. */
export function SitePromos({ position }: { position: PromoPosition }) {
  const { data } = useListSitePromosQuery(sitePromosAsked(position));
  const promos = data?.data ?? [];
  const hiddenSlides = useInertHiddenSlides();
  if (!promos.length) return null;
  return (
    <section aria-label="Promotions" className="site-promos" ref={hiddenSlides.ref}>
      <Carousel autoplay={promos.length > 1} autoplaySpeed={6000} dots={promos.length > 1} afterChange={hiddenSlides.sync}>
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
