import type { ModerationHold } from '@limelight/contracts';
import { Tag, Tooltip } from 'antd';

/** What a hold says (decision 054): "In review", or hidden/removed by moderation with the reason unless `brief`. */
export const heldLabel = (hold: ModerationHold, brief = false) =>
  hold.state === 'review'
    ? 'In review'
    : `${hold.state === 'removed' ? 'Removed' : 'Hidden'} by moderation${brief ? '' : `: ${hold.reason}`}`;

/**
 * The one mark of a moderation hold: on an item of its owner's own lists, and (`brief`, the reason
 * in its tooltip) on a row of the admin's queue. Nothing when the item is out.
 */
export function HeldTag({ hold, brief = false }: { hold: ModerationHold | null | undefined; brief?: boolean }) {
  if (!hold) return null;
  const tag = (
    <Tag color={hold.state === 'review' ? 'processing' : hold.state === 'removed' ? 'error' : 'warning'} style={{ whiteSpace: 'normal' }}>
      {heldLabel(hold, brief)}
    </Tag>
  );
  const tip = hold.prePublication
    ? `Fans see it once an administrator approves it.${brief ? '' : ' You may still edit it.'}`
    : hold.state === 'review' || brief
      ? hold.reason
      : undefined;
  return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
}
