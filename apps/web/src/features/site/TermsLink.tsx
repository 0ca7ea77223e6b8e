import { Link } from 'react-router';
import { useListSitePostsQuery } from './api';

/** The site's terms page, linked inside a sentence (the CMS page with the slug "terms"), linked only once the admin has published it: never a link to a 404. */
export function TermsLink() {
  return <LegalLink slug="terms" />;
}

/**
 * A legal page (Terms, Privacy policy: the CMS pages with these slugs) linked inside a sentence,
 * once the admin has published it; before that its name alone (`fallback`), or nothing.
 */
export function LegalLink({ slug, fallback, newTab }: { slug: 'terms' | 'privacy'; fallback?: string; newTab?: boolean }) {
  const { data: pages } = useListSitePostsQuery({ type: 'page', sortBy: 'ordering', sort: 'asc', limit: 100 });
  const page = pages?.data.find((row) => row.slug === slug);
  if (!page) return fallback ? <>{fallback}</> : null;
  return (
    <Link to={`/page/${page.slug}`} className="inline-link" {...(newTab ? { target: '_blank', rel: 'noreferrer' } : {})}>
      {page.title}
    </Link>
  );
}
