import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { Result } from '../../shared/ui/Result';

/** Whether the admin opened the shop (`enableProduct`): closed, the web shows no way into it. */
export function useShopOpen() {
  const { data: settings } = usePublicSettingsQuery();
  return settings?.enableProduct ?? false;
}

/** A shop screen, or a plain word that the shop is closed (a link kept from before it closed). */
export function ShopOpen({ children }: { children: ReactNode }) {
  const open = useShopOpen();
  if (open) return children;
  return <Result status="404" title="The shop is not open on this site" extra={<Link to="/">Go home</Link>} />;
}
