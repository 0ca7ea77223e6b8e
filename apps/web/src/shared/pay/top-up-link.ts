/**
 * The wallet page, asked from a payment the wallet is short for: the top-up starts at what is
 * missing (`topUp`), and the page offers the way back to the payment (`back`, a path of this site).
 */
export const topUpLink = (missing: number, back: string) => `/user/wallet?${new URLSearchParams({ topUp: missing.toFixed(2), back })}`;

/** The amount a top-up link asks for, when it asks for one. */
export function askedTopUp(params: URLSearchParams): number | undefined {
  const amount = Number(params.get('topUp'));
  return params.has('topUp') && amount > 0 ? amount : undefined;
}

/** Where to go back to after topping up: only a path of this site, never another address. */
export function backPath(params: URLSearchParams): string | undefined {
  const back = params.get('back');
  return back?.startsWith('/') && !back.startsWith('//') && !back.startsWith('/\\') ? back : undefined;
}
