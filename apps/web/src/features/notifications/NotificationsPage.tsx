import { Alert, Button, Card, Empty, Flex, List, Segmented, Skeleton } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../shared/ui/PageTitle';
import { useListNotificationsQuery, useMarkAllNotificationsReadMutation } from './api';
import { NotificationItem } from './NotificationItem';

const PAGE = 20;

/** `/notifications`: everything that happened to the account, newest first; all or only unread (in the URL). */
export default function NotificationsPage() {
  const [params, setParams] = useSearchParams();
  const onlyUnread = params.get('filter') === 'unread';
  const [limit, setLimit] = useState(PAGE);
  const { data, isLoading, isError, isFetching, refetch } = useListNotificationsQuery({
    offset: 0,
    limit,
    ...(onlyUnread ? { unread: 'true' as const } : {}),
  });
  const [markAll, marking] = useMarkAllNotificationsReadMutation();
  return (
    <Card className="page-narrow">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <PageTitle style={{ fontSize: 24, margin: 0 }}>Notifications</PageTitle>
        <Button onClick={() => void markAll()} loading={marking.isLoading} disabled={!data?.unread}>
          Mark all read
        </Button>
      </Flex>
      <Segmented
        style={{ margin: '16px 0' }}
        value={onlyUnread ? 'unread' : 'all'}
        onChange={(value) => {
          setLimit(PAGE);
          setParams(value === 'unread' ? { filter: 'unread' } : {});
        }}
        options={[
          { value: 'all', label: 'All' },
          { value: 'unread', label: `Unread${data?.unread ? ` (${data.unread})` : ''}` },
        ]}
        aria-label="Show"
      />
      {isLoading ? (
        <Skeleton active avatar paragraph={{ rows: 4 }} />
      ) : isError ? (
        <Alert type="error" message="The notifications could not be loaded" action={<Button onClick={() => refetch()}>Try again</Button>} />
      ) : (
        <List
          dataSource={data?.data}
          locale={{ emptyText: <Empty description={onlyUnread ? 'You have read everything' : 'Nothing has happened yet'} /> }}
          renderItem={(notification) => (
            <List.Item style={{ padding: 0 }}>
              <NotificationItem notification={notification} />
            </List.Item>
          )}
        />
      )}
      {data && data.total > data.data.length && (
        <Button block loading={isFetching} onClick={() => setLimit((current) => current + PAGE)} style={{ marginTop: 8 }}>
          Load more
        </Button>
      )}
    </Card>
  );
}
