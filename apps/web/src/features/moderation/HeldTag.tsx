import type { ModerationHold } from '@limelight/contracts';
import { Tag, Tooltip } from 'antd';

/** What a hold says to the owner of the item (decision 054): nothing when it is out. */
export const heldLabel = (hold: ModerationHold) =>
  hold.state === 'review' ? 'In review' : `${hold.state === 'removed' ? 'Removed' : 'Hidden'} by moderation: ${hold.reason}`;

/** The mark on an item of the owner's own lists: "In review", or hidden/removed by moderation with the reason. */
export function HeldTag({ hold }: { hold: ModerationHold | null | undefined }) {
  if (!hold) return null;
  const tag = (
    <Tag color={hold.state === 'review' ? 'processing' : hold.state === 'removed' ? 'error' : 'warning'} style={{ whiteSpace: 'normal' }}>
      {heldLabel(hold)}
    </Tag>
  );
  return hold.state === 'review' ? (
    <Tooltip title={hold.prePublication ? 'Fans see it once an administrator approves it. You may still edit it.' : hold.reason}>
      {tag}
    </Tooltip>
  ) : (
    tag
  );
}
