import type { PublicUser } from '@limelight/contracts';
import { escapeHtml, jsonInScript, PREVIEW_IMAGE_SIZE } from '@limelight/contracts/constants';
import { matchRoutes } from 'react-router';
import { feedsApi } from '../features/feeds/api';
import { galleriesApi } from '../features/galleries/api';
import { liveApi, livePreviewImage } from '../features/live/api';
import { profileApi } from '../features/profile/api';
import { shopApi } from '../features/shop/api';
import { sitePostsApi } from '../features/site/api';
import { videosApi } from '../features/videos/api';
import { creatorPageId } from '../shared/api/creator-page';
import { settingsApi } from '../shared/api/settings';
import type { RootState } from '../shared/lib/store';
import { routes } from './router';

/**
 * What a page says of itself to search engines and link previews (decision 079): its title, a
 * description, its canonical address, a picture (absolute), Open Graph and Twitter card tags, and
 * structured data. Made on the server from the answers the page was drawn with: only what the
 * visitor was answered, so a locked post says "Subscribe to see this post" and shows its creator.
 */
export type PageHead = {
  title: string;
  description: string;
  /** Absolute. */
  canonical: string;
  /** Absolute, when the page has one. */
  image?: string;
  /** The image's size when known (a creator's preview card), for previews that lay out before it loads. */
  imageSize?: { width: number; height: number };
  type: 'website' | 'profile' | 'article' | 'product' | 'video.other';
  /** Kept out of search engines (a page not listed, or not found). */
  noindex?: boolean;
  /** schema.org objects, as JSON-LD. */
  structured?: object[];
};

const DESCRIPTION_LENGTH = 200;
/** One line of plain text, cut at a word near `length`. */
function summary(text: string, length = DESCRIPTION_LENGTH) {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= length) return plain;
  const cut = plain.slice(0, length);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), length - 30))}…`;
}

export function pageHead(state: RootState, pathname: string, origin: string): PageHead {
  const absolute = (url: string | null | undefined) => (url ? new URL(url, origin).href : undefined);
  const settings = settingsApi.endpoints.getPublicSettings.select()(state).data;
  const siteName = settings?.siteName ?? 'Limelight';
  const site: PageHead = {
    title: siteName,
    description: `${siteName}: subscribe to your favourite creators.`,
    canonical: new URL(pathname, origin).href,
    image: absolute(settings?.logoUrl || '/logo.svg'),
    type: 'website',
  };
  const match = matchRoutes(routes, pathname)?.at(-1);
  const id = match?.params.id ?? '';
  // An item's page is drawn with its creator's page answer (shared/api/creator-page.ts): their card
  // is its picture when it has none of its own, and their "hide me from search engines" holds for it.
  const ownerOf = (creator: Pick<PublicUser, 'username' | '_id'>) =>
    profileApi.endpoints.getCreatorProfile.select({ id: creatorPageId(creator) })(state).data;
  const creatorPage = (creator: Pick<PublicUser, 'name' | 'username' | '_id' | 'avatar'>, owner = ownerOf(creator)) => {
    return {
      title: `${creator.name} (@${creatorPageId(creator)}) · ${siteName}`,
      canonical: new URL(`/${creatorPageId(creator)}`, origin).href,
      image: absolute(owner?.previewImage ?? creator.avatar),
      imageSize: owner ? PREVIEW_IMAGE_SIZE : undefined,
      noindex: owner?.hiddenFromSearchEngines,
    };
  };
  // A signed media link expires in minutes, and a link preview or a search engine keeps what it
  // read for days: only public media (no signature) may stand in a page's head.
  const lastingUrl = (url: string | null | undefined) =>
    url && !new URL(url, origin).searchParams.has('signature') ? absolute(url) : undefined;
  /** An item's own picture when it has a lasting one, else its creator's card; and the creator's wish about search engines. */
  const itemOf = (creator: Pick<PublicUser, 'name' | 'username' | '_id' | 'avatar'>, picture: string | null | undefined) => {
    const card = creatorPage(creator);
    const lasting = lastingUrl(picture);
    return { image: lasting ?? card.image, imageSize: lasting ? undefined : card.imageSize, noindex: card.noindex };
  };
  const notFound = { ...site, title: `Page not found · ${siteName}`, noindex: true };

  switch (match?.route.path) {
    case '/explore':
      return { ...site, title: `Explore creators · ${siteName}`, description: `Find creators to follow and subscribe to on ${siteName}.` };
    case '/:profileId': {
      const creator = profileApi.endpoints.getCreatorProfile.select({ id: match.params.profileId ?? '' })(state).data;
      if (!creator) return notFound;
      const page = creatorPage(creator, creator);
      return {
        ...page,
        description: summary(creator.bio || `${creator.name} on ${siteName}: posts, photos and videos for their fans.`),
        type: 'profile',
        // Not yet verified (the page is not listed), or the creator asked: search engines are told so.
        noindex: !creator.verifiedDocument || creator.hiddenFromSearchEngines,
        structured: [
          {
            '@context': 'https://schema.org',
            '@type': 'ProfilePage',
            url: page.canonical,
            mainEntity: {
              '@type': 'Person',
              name: creator.name,
              alternateName: `@${creatorPageId(creator)}`,
              description: creator.bio || undefined,
              image: absolute(creator.avatar),
              url: page.canonical,
            },
          },
        ],
      };
    }
    case '/post/:id': {
      const feed = feedsApi.endpoints.getFeed.select({ id })(state).data;
      if (!feed) return notFound;
      const creator = creatorPage(feed.performer);
      // A post the visitor may not see unfurls as its creator's card, naming what it takes.
      if (!feed.canView) {
        return {
          ...site,
          ...creator,
          canonical: site.canonical,
          description: 'Subscribe to see this post',
          type: 'article',
          noindex: true,
        };
      }
      return {
        ...site,
        ...creator,
        ...itemOf(feed.performer, feed.thumbnail?.thumbnailUrl ?? feed.files.find((file) => file.thumbnailUrl)?.thumbnailUrl),
        canonical: site.canonical,
        title: `${feed.performer.name} on ${siteName}: ${summary(feed.text, 60) || 'a post'}`,
        description: summary(feed.text) || `A post by ${feed.performer.name}.`,
        type: 'article',
      };
    }
    case '/video/:id': {
      const video = videosApi.endpoints.getVideo.select({ id })(state).data;
      if (!video) return notFound;
      const thumbnail = lastingUrl(video.thumbnail?.thumbnailUrl ?? video.thumbnail?.url);
      const teaser = lastingUrl(video.teaser?.url);
      return {
        ...site,
        title: `${video.title} · ${video.performer.name} · ${siteName}`,
        description: summary(video.description) || `A video by ${video.performer.name}.`,
        ...itemOf(video.performer, thumbnail),
        type: 'video.other',
        structured: teaser
          ? [
              {
                '@context': 'https://schema.org',
                '@type': 'VideoObject',
                name: video.title,
                description: summary(video.description) || video.title,
                thumbnailUrl: thumbnail,
                uploadDate: video.createdAt,
                contentUrl: teaser,
              },
            ]
          : undefined,
      };
    }
    case '/gallery/:id': {
      const gallery = galleriesApi.endpoints.getGallery.select({ id })(state).data;
      if (!gallery) return notFound;
      return {
        ...site,
        title: `${gallery.title} · ${gallery.performer.name} · ${siteName}`,
        description: summary(gallery.description) || `A gallery by ${gallery.performer.name}.`,
        // Not the blurred stand-in (32 pixels wide): the creator's card says more.
        ...itemOf(gallery.performer, gallery.cover?.thumbnailUrl),
        type: 'article',
      };
    }
    case '/product/:id': {
      const product = shopApi.endpoints.getShopProduct.select({ id })(state).data;
      if (!product) return notFound;
      const item = itemOf(product.performer, product.images[0]?.thumbnailUrl ?? product.images[0]?.url);
      return {
        ...site,
        ...item,
        title: `${product.name} · ${product.performer.name} · ${siteName}`,
        description: summary(product.description) || `For sale by ${product.performer.name}.`,
        type: 'product',
        structured: [
          {
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: product.name,
            description: summary(product.description) || product.name,
            image: item.image,
            brand: { '@type': 'Person', name: product.performer.name },
          },
        ],
      };
    }
    case '/live/:id': {
      const session = liveApi.endpoints.getLiveSession.select({ id })(state).data;
      if (!session) return notFound;
      const { name } = session.performer;
      const on = session.status === 'live';
      const image = absolute(livePreviewImage(session._id));
      return {
        ...site,
        title: `${on ? `${name} is live` : `${name}’s live session has ended`}: ${session.title} · ${siteName}`,
        description: summary(session.description) || (on ? `Watch ${name} live on ${siteName}.` : `${name} is not live now.`),
        image,
        imageSize: PREVIEW_IMAGE_SIZE,
        type: 'video.other',
        // A session lasts an hour or two: shared, not indexed.
        noindex: true,
        structured: [
          {
            '@context': 'https://schema.org',
            '@type': 'VideoObject',
            name: session.title,
            description: summary(session.description) || `${name} live on ${siteName}.`,
            thumbnailUrl: image,
            uploadDate: session.startedAt,
            publication: {
              '@type': 'BroadcastEvent',
              isLiveBroadcast: true,
              startDate: session.startedAt,
              endDate: session.endedAt ?? undefined,
            },
          },
        ],
      };
    }
    case '/page/:id': {
      const post = sitePostsApi.endpoints.getSitePost.select({ id })(state).data;
      if (!post) return notFound;
      return {
        ...site,
        title: `${post.title} · ${siteName}`,
        description: summary(post.shortDescription || post.content),
        type: 'article',
      };
    }
    default:
      return site;
  }
}

/** The head's tags for a page: title, description, canonical, robots, Open Graph, Twitter card, JSON-LD. */
export function headTags(head: PageHead, siteName: string) {
  const meta = (attribute: 'name' | 'property', key: string, value: string | undefined) =>
    value ? `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />` : '';
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.canonical)}" />`,
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', siteName),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image),
    meta('property', 'og:image:width', head.imageSize && String(head.imageSize.width)),
    meta('property', 'og:image:height', head.imageSize && String(head.imageSize.height)),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image),
    ...(head.structured ?? []).map((data) => `<script type="application/ld+json">${jsonInScript(data)}</script>`),
  ]
    .filter(Boolean)
    .join('');
}
