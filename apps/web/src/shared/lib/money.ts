import { formatMoney } from '@limelight/contracts/constants';
import { useCallback } from 'react';
import { usePublicSettingsQuery } from '../api/settings';

/**
 * How an amount is shown (decision 032), one rule everywhere: whatever is bought or held on the
 * site (a price, a plan, a tip, a balance, a charge, an earning) is in tokens, with `formatTokens`;
 * real money, with `formatMoney`/`useFormatMoney`, only where it crosses the site's edge: what a
 * card is charged (top-ups, a card in a pay dialog, a refund to a card) and what a payout pays.
 * The two never stand for one price: a card line says what it charges for the tokens' price.
 */

/** Tokens, with their unit (from the contracts, as the API writes them too). */
export { formatTokens } from '@limelight/contracts/constants';

/** A saved card as fans recognise it: "Visa •••• 4242". */
export const formatCard = (card: { brand: string; last4: string }) => `${card.brand} •••• ${card.last4}`;

/** Formats money in the site currency, read from the public settings. */
export function useFormatMoney() {
  const { data: settings } = usePublicSettingsQuery();
  const currency = settings?.currency ?? 'USD';
  return useCallback((amount: number) => formatMoney(amount, currency), [currency]);
}
