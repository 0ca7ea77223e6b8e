import { useRef } from 'react';

/**
 * The Idempotency-Key of a pay dialog's request (decision 032): one key per request as it stands,
 * so a resent click (or a retry after no answer: the network failed, the gateway did not reply)
 * pays once; a changed request (another card, the wallet, another amount) gets a key of its own,
 * and once the server has answered (paid, declined, refused) the next try is a new request too.
 * Without that, a declined card then another one answers "This idempotency-key was already used
 * for another request" until the dialog closes.
 */
export function useIntentKey(request: unknown) {
  const keys = useRef(new Map<string, string>());
  const fingerprint = JSON.stringify(request);
  /** The key to send this request with. */
  const key = () => {
    let known = keys.current.get(fingerprint);
    if (!known) {
      known = crypto.randomUUID();
      keys.current.set(fingerprint, known);
    }
    return known;
  };
  /** After the request got an answer: the next try is a new request. An error that is not an answer keeps the key. */
  const answered = (error?: unknown) => {
    if (error !== undefined && !isAnswer(error)) return;
    keys.current.delete(fingerprint);
  };
  return { key, answered };
}

/** Whether an RTK Query error is the server's decision (4xx), not a missing answer (network, 5xx, a gateway that did not answer). */
function isAnswer(error: unknown) {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status < 500;
}
