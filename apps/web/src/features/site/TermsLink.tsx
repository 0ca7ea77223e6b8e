import { Link } from 'react-router';
import { usePagesQuery } from './api';

/** The site's terms page, linked inside a sentence (the CMS page with the slug "terms"), linked only once the admin has published it: never a link to a 404. */
export function TermsLink() {
  const { data: pages } = usePagesQuery();
  const terms = pages?.data.find((page) => page.slug === 'terms');
  return terms ? (
    <Link to={`/page/${terms.slug}`} className="inline-link">
      {terms.title}
    </Link>
  ) : null;
}
