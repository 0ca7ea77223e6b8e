/** What other modules may use of the sitemap module (decision 004). */
export { sitemapRoutes } from './routes';
