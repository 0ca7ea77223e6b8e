import { type ActiveSession, deviceName } from '@limelight/contracts';
import { Button, Card, Empty, List, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { formatMoment } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { LoadFailed } from '../../shared/ui/LoadFailed';
import { useCountryName } from '../lookups';
import { useEndOtherSignInSessionsMutation, useEndSignInSessionMutation, useListSignInSessionsQuery } from './api';

const methodLabels: Record<ActiveSession['method'], string> = {
  password: 'Password',
  one_time_link: 'Sign-in link',
  passkey: 'Passkey',
  social: 'Google or Twitter',
  impersonation: 'An admin, logged in as you',
};

/** Where the account is signed in, with a way to end any session but this one, or all of them. */
export function SessionsCard() {
  const { data, isLoading, error, isFetching, refetch } = useListSignInSessionsQuery();
  const countryName = useCountryName();
  const placeOf = (session: ActiveSession) => [session.city, session.country && countryName(session.country)].filter(Boolean).join(', ');
  const [endSession, ending] = useEndSignInSessionMutation();
  const [endOthers, endingOthers] = useEndOtherSignInSessionsMutation();
  const run = async (work: () => Promise<{ message: string }>) => {
    try {
      toast.success((await work()).message);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };
  const others = data?.data.filter((session) => !session.current).length ?? 0;
  return (
    <Card title="Where you are signed in">
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : error && !data ? (
        <LoadFailed what="Your sessions" error={error} retrying={isFetching} onRetry={() => void refetch()} />
      ) : !data?.data.length ? (
        <Empty description="No open sessions" />
      ) : (
        <List
          dataSource={data.data}
          renderItem={(session) => (
            <List.Item
              actions={
                session.current
                  ? [
                      <Tag key="current" color="green">
                        This device
                      </Tag>,
                    ]
                  : [
                      <Button
                        key="end"
                        size="small"
                        loading={ending.isLoading && ending.originalArgs?.id === session._id}
                        onClick={() => run(() => endSession({ id: session._id }).unwrap())}
                      >
                        Sign out
                      </Button>,
                    ]
              }
            >
              <List.Item.Meta
                title={deviceName(session.userAgent)}
                description={
                  <Typography.Text type="secondary">
                    {placeOf(session) || 'Unknown place'}
                    {session.lastSeenAt ? ` · active ${formatMoment(session.lastSeenAt)}` : ''} · {methodLabels[session.method]} · signed in{' '}
                    {formatMoment(session.createdAt)}
                    {session.ip ? ` · ${session.ip}` : ''}
                  </Typography.Text>
                }
              />
            </List.Item>
          )}
        />
      )}
      {others > 0 && (
        // Below the list rather than beside the title, where a phone has no room for both.
        <Popconfirm title="Sign out of every other device?" okText="Sign them out" onConfirm={() => run(() => endOthers().unwrap())}>
          <Button danger loading={endingOthers.isLoading} style={{ marginTop: 8 }}>
            Sign out everywhere else
          </Button>
        </Popconfirm>
      )}
    </Card>
  );
}
