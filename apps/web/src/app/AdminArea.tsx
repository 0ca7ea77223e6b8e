import AdminApp from '../features/admin/AdminApp';
import { SiteFooter, SiteHeader } from './layouts/SiteHeader';

/**
 * The admin's area with the site's header and footer, handed in: a feature does not import app/.
 * A page of its own (lazy), so the entry carries no more than the address of its chunk.
 */
export default function AdminArea() {
  return <AdminApp header={<SiteHeader />} footer={<SiteFooter />} />;
}
