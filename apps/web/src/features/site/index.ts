// What other features may use of site: they import this file only, never the files behind it (decision 075).
export { preloadSitePromos, useListTokenPackagesQuery } from './promos-api';
export { SitePromos } from './SitePromos';
export { LegalLink, TermsLink } from './TermsLink';
