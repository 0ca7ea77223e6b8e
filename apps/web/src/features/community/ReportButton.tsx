import { FlagOutlined } from '@ant-design/icons';
import type { ModerationTargetType } from '@limelight/contracts';
import { Button } from 'antd';
import { Suspense, useState } from 'react';
import { useOpenedOnce } from '../../shared/hooks/useOpenedOnce';
import { useSignedInAction } from '../../shared/hooks/useSignedInAction';
import { lazyComponent, loadsOnIntent } from '../../shared/lib/lazy';

// The form comes with its own code when first opened: a feed holds a Report button per post, and a
// dialog drawn ahead of time also joined antd's Esc stack above any dialog already open (Esc then
// went to a hidden report form instead of the subscribe dialog).
const ReportDialog = lazyComponent(() => import('./ReportDialog'));

/** "Report" and the dialog asking why; signed-out visitors are asked to log in first. */
export function ReportButton({
  targetType,
  targetId,
  withLabel = false,
}: {
  targetType: ModerationTargetType;
  targetId: string;
  /** Show the word beside the flag (pages with room); otherwise the icon alone, named for screen readers. */
  withLabel?: boolean;
}) {
  const signedIn = useSignedInAction();
  const [open, setOpen] = useState(false);
  const opened = useOpenedOnce(open);
  return (
    <>
      <Button
        type="text"
        icon={<FlagOutlined aria-hidden />}
        aria-label="Report"
        onClick={signedIn(() => setOpen(true))}
        {...loadsOnIntent(ReportDialog)}
      >
        {withLabel ? 'Report' : null}
      </Button>
      {opened && (
        <Suspense>
          <ReportDialog targetType={targetType} targetId={targetId} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
