import { Alert, Button } from 'antd';

/**
 * Said in place of a list whose request failed: never the list's empty state, which would claim
 * there is nothing (e.g. "No open sessions" while the sessions could not be read).
 */
export function LoadFailed({ what, retrying, onRetry }: { what: string; retrying?: boolean; onRetry: () => void }) {
  return (
    <Alert
      type="error"
      showIcon
      title={`${what} could not be loaded`}
      action={
        <Button size="small" loading={retrying} onClick={onRetry}>
          Try again
        </Button>
      }
    />
  );
}
