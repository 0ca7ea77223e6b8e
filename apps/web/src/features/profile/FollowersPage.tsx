import { UserOutlined } from '@ant-design/icons';
import { Avatar, Card, Table, Typography } from 'antd';
import { useTableState } from '../../shared/hooks/useTableState';
import { formatDay } from '../../shared/lib/dates';
import { PageTitle } from '../../shared/ui/PageTitle';
import { type Follower, useListCreatorFollowersQuery } from './api';

const noFilters = [] as const;

/** `/creator/followers`: who follows the signed-in creator. */
export default function FollowersPage() {
  const { state, query, setPage } = useTableState(noFilters);
  const { data, isFetching } = useListCreatorFollowersQuery({ offset: query.offset, limit: query.limit });
  return (
    <div className="page-narrow">
      <PageTitle>Followers</PageTitle>
      <Card>
        <Table<Follower>
          rowKey="_id"
          loading={isFetching}
          dataSource={data?.data}
          locale={{ emptyText: 'No followers yet. Share your page to get your first ones.' }}
          pagination={{ current: state.current, pageSize: state.pageSize, total: data?.total, onChange: setPage }}
          columns={[
            {
              title: 'Fan',
              key: 'fan',
              render: (_: unknown, row) => (
                <span>
                  <Avatar size="small" src={row.follower.avatar} icon={<UserOutlined aria-hidden />} style={{ marginRight: 8 }} alt="" />
                  {row.follower.name} <Typography.Text type="secondary">@{row.follower.username}</Typography.Text>
                </span>
              ),
            },
            { title: 'Since', dataIndex: 'createdAt', render: (date: string) => formatDay(date) },
          ]}
        />
      </Card>
    </div>
  );
}
