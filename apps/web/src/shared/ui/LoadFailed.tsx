import { Alert, Button } from 'antd';
import { errorMessage } from '../lib/toast';

/**
 * Said in place of a list whose request failed: never the list's empty state, which would claim
 * there is nothing (e.g. "No open sessions" while the sessions could not be read). The API's own
 * words win when it wrote some for people (such as "set up two-factor sign-in first").
 */
export function LoadFailed({ what, error, retrying, onRetry }: { what: string; error: unknown; retrying?: boolean; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={errorMessage(error, `${what} could not be loaded`)}
      action={
        <Button size="small" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
