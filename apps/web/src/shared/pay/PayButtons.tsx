import { DollarOutlined, UnlockOutlined } from '@ant-design/icons';
import type { PublicUser, WalletChargeRouteType } from '@limelight/contracts';
import { Button } from 'antd';
import { Suspense } from 'react';
import { useOpenedOnce } from '../hooks/useOpenedOnce';
import { useSignedInAction } from '../hooks/useSignedInAction';
import { lazyComponent, loadsOnIntent } from '../lib/lazy';
import { formatTokens } from '../lib/money';
import { useAppSelector } from '../lib/store';
import { usePayDialog } from './usePayDialog';

// The dialogs behind the buttons, with the payment's forms, cards and mutations, come with their
// own code once a fan opens one (or points at its button): a timeline shows a Tip and an Unlock
// button on every post, and twenty closed dialogs drawn as the page hydrated kept a phone busy.
const UnlockDialog = lazyComponent(() => import('./PayDialogs').then((module) => ({ default: module.UnlockDialog })));
const TipDialog = lazyComponent(() => import('./PayDialogs').then((module) => ({ default: module.TipDialog })));

/** "Unlock": buys a post, video, gallery or message from the wallet; it opens at once (`onPaid` shows it). */
export function UnlockButton({
  type,
  id,
  price,
  noun,
  onPaid,
}: {
  type: Exclude<WalletChargeRouteType, 'tip'>;
  id: string;
  price: number;
  noun: string;
  onPaid?: () => void;
}) {
  const dialog = usePayDialog(`${type}-${id}`);
  const signedIn = useSignedInAction();
  const opened = useOpenedOnce(dialog.open);
  return (
    <>
      <Button type="primary" icon={<UnlockOutlined aria-hidden />} onClick={signedIn(dialog.show)} {...loadsOnIntent(UnlockDialog)}>
        Unlock for {formatTokens(price)}
      </Button>
      {opened && (
        <Suspense>
          <UnlockDialog dialog={dialog} type={type} id={id} price={price} noun={noun} onPaid={onPaid} />
        </Suspense>
      )}
    </>
  );
}

/**
 * "Tip": sends tokens to a creator from the wallet, with an optional message. Sent from a live
 * session (`sessionId`), the tip is a highlighted line in its chat; from a conversation
 * (`conversationId`), a line in the thread. `place` tells this button from
 * other tip buttons for the same creator on the page (a timeline's posts), for the way back from a
 * top-up, which brings the amount typed.
 */
export function TipButton({
  performer,
  sessionId,
  conversationId,
  place,
}: {
  performer: PublicUser;
  sessionId?: string;
  conversationId?: string;
  place?: string;
}) {
  const dialog = usePayDialog(`tip-${place ?? performer._id}`);
  const signedIn = useSignedInAction();
  const opened = useOpenedOnce(dialog.open);
  const viewer = useAppSelector((state) => state.session.user);
  if (viewer && viewer.role !== 'user') return null;
  return (
    <>
      <Button icon={<DollarOutlined aria-hidden />} onClick={signedIn(dialog.show)} {...loadsOnIntent(TipDialog)}>
        Tip
      </Button>
      {opened && (
        <Suspense>
          <TipDialog dialog={dialog} performer={performer} sessionId={sessionId} conversationId={conversationId} />
        </Suspense>
      )}
    </>
  );
}
