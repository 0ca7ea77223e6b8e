// How amounts are written, with no zod schema: the web app's pages format money without loading
// the schemas (constants.ts, decision 020).

/** The currency cards are charged in and prices are stated in (ISO 4217); public settings pass it to the web app. */
export const SITE_CURRENCY = 'USD';

/** Tokens, with their unit: "1.00 token", "12.50 tokens": every price, balance and charge on the site (decision 032). */
export const formatTokens = (amount: number) => `${amount.toFixed(2)} ${amount === 1 ? 'token' : 'tokens'}`;

/**
 * Real money in a currency with its symbol: "$9.99" (an unknown code is written out: "9.99 XYZ").
 * Only where money crosses the site's edge (a card charged or refunded, a payout); prices on the
 * site are tokens (decision 032).
 */
export function formatMoney(amount: number, currency: string = SITE_CURRENCY) {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency}`;
  }
}
