import { DisconnectOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useEffect, useState } from 'react';
import { useLogout } from '../features/auth/useSessionActions';
import { backoffDelay } from '../shared/lib/backoff';
import { Result } from '../shared/ui/Result';
import { BlankLayout } from './layouts/BlankLayout';

/**
 * In place of every screen while a session is held but the account could not be loaded (GET
 * /users/me failed with anything but a 401, which ends the session): says so, tries again by
 * itself after 1 s, doubling to 30 s, and at once on Retry. Never the visitor's screens: the
 * session is still there, and a page drawn for a visitor would offer to log in.
 */
export function SessionUnavailable({ fetching, attempt, retry }: { fetching: boolean; attempt?: number; retry: () => void }) {
  const logout = useLogout();
  const [failures, setFailures] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState<number>();
  // Each answer that is still a failure counts one more and schedules the next try. `attempt` (when
  // the last try started) tells tries apart: the store batches its notices to the next frame, so a
  // try answered within one frame never shows `fetching`, and counting on `fetching` alone lost it
  // (the screen then stayed at "Trying again in 0 s").
  useEffect(() => {
    if (fetching) return;
    setFailures((count) => count + 1);
  }, [fetching, attempt]);
  useEffect(() => {
    if (!failures) return;
    const due = Date.now() + backoffDelay(failures);
    const tick = () => setSecondsLeft(Math.max(0, Math.ceil((due - Date.now()) / 1000)));
    tick();
    const countdown = setInterval(tick, 1000);
    const next = setTimeout(retry, due - Date.now());
    return () => {
      clearInterval(countdown);
      clearTimeout(next);
    };
  }, [failures, retry]);

  return (
    <BlankLayout>
      <Result
        data-testid="session-unavailable"
        status="warning"
        icon={<DisconnectOutlined aria-hidden />}
        title="Your account could not be loaded"
        subTitle={fetching ? 'Trying again…' : `Something went wrong on our side. Trying again in ${secondsLeft ?? 1} s.`}
        extra={
          <Flex gap={8} justify="center" wrap>
            <Button type="primary" loading={fetching} onClick={retry}>
              Retry
            </Button>
            <Button onClick={() => void logout()}>Log out</Button>
          </Flex>
        }
      />
    </BlankLayout>
  );
}
