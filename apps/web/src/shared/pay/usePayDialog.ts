import { useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { topUpLink } from './top-up-link';

/** The address parameter naming the pay dialog a top-up comes back to. */
const PAY_PARAM = 'pay';

/**
 * A pay dialog the fan can leave to top up and come back to, ready to pay: it is open while the
 * address names it (`?pay=<key>`, what the top-up's "Back to your payment" link carries), or once
 * opened by its button. `key` names this one dialog on the page (`feed-<id>`, `tip-<place>`).
 * `extra` is what the dialog needs again on the way back (a tip's amount), kept beside the key.
 */
export function usePayDialog(key: string) {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [opened, setOpened] = useState(false);
  const asked = params.get(PAY_PARAM) === key;
  const close = () => {
    setOpened(false);
    if (!asked) return;
    const rest = new URLSearchParams(params);
    rest.delete(PAY_PARAM);
    setParams(rest, { replace: true });
  };
  /** The wallet page asked for what is missing, whose way back reopens this dialog. */
  const topUpFor = (missing: number, extra: Record<string, string> = {}) => {
    const back = new URLSearchParams(location.search);
    back.set(PAY_PARAM, key);
    for (const [name, value] of Object.entries(extra)) back.set(name, value);
    return topUpLink(missing, `${location.pathname}?${back}`);
  };
  return { open: opened || asked, asked, show: () => setOpened(true), close, topUpFor, params };
}
