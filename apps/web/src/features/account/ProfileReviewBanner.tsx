import type { ProfileRevision } from '@limelight/contracts';
import { Alert, Button, Popconfirm } from 'antd';
import { formatMoment } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useWithdrawCreatorProfileRevisionMutation } from './creator-api';

/**
 * Where the creator's profile changes stand when they are reviewed before publication (decision
 * 055): "In review" while an admin has them (withdrawable), or the reason they were not approved.
 */
export function ProfileReviewBanner({ revision }: { revision: ProfileRevision | null }) {
  const [withdraw, { isLoading }] = useWithdrawCreatorProfileRevisionMutation();
  if (!revision) return null;
  const discard = (done: string) =>
    withdraw()
      .unwrap()
      .then(() => toast.success(done))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  if (revision.status === 'refused')
    return (
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 16 }}
        title="Your last profile changes were not approved"
        description={`${revision.refusal?.reason ?? ''} Fans still see your page as it was; change it again to send a new version.`}
        action={
          <Button size="small" loading={isLoading} onClick={() => discard('Notice put away')}>
            Put away
          </Button>
        }
      />
    );
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      title="In review"
      description={`Your changes to your page (sent ${formatMoment(revision.submittedAt)}) wait for an administrator: fans see your page as it was until then. You may keep editing; your changes join the same review.`}
      action={
        <Popconfirm title="Withdraw your changes? Fans keep seeing your page as it is." onConfirm={() => discard('Changes withdrawn')}>
          <Button size="small" loading={isLoading}>
            Withdraw changes
          </Button>
        </Popconfirm>
      }
    />
  );
}
