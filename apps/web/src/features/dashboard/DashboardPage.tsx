import {
  CommentOutlined,
  EditOutlined,
  HeartOutlined,
  MailOutlined,
  ShoppingOutlined,
  VideoCameraOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { CreatorDashboard, DiscoveryRequirement } from '@limelight/contracts';
import { Button, Card, Col, Empty, Flex, List, Row, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDay } from '../../shared/lib/dates';
import { formatTokens } from '../../shared/lib/money';
import { useAppSelector } from '../../shared/lib/store';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { useGetMyCreatorAccountQuery } from '../account';
import { useLiveStreamingOn } from '../live';
import { useGetCreatorDashboardQuery } from './api';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/**
 * One figure of the overview, the whole card a link to its detailed screen: its accessible name
 * is what it shows (title, figure, detail).
 */
function StatCard({ to, title, value, detail, testId }: { to: string; title: string; value?: string; detail?: string; testId: string }) {
  return (
    <Link to={to} data-testid={testId} style={{ display: 'block', height: '100%' }}>
      <Card hoverable style={{ height: '100%' }} styles={{ body: { padding: 16 } }}>
        <Typography.Text type="secondary">{title}</Typography.Text>
        {value === undefined ? (
          <Skeleton active title={false} paragraph={{ rows: 2 }} />
        ) : (
          <>
            <div
              style={{ fontSize: 'clamp(18px, 5vw, 24px)', fontWeight: 600, marginBlock: 4, overflowWrap: 'anywhere' }}
              data-testid={`${testId}-value`}
            >
              {value}
            </div>
            <Typography.Text type="secondary">{detail}</Typography.Text>
          </>
        )}
      </Card>
    </Link>
  );
}

/** The creator's posts of the last 30 days with the most likes and comments, each a link to it. */
function TopPosts({ posts }: { posts?: CreatorDashboard['topPosts'] }) {
  if (!posts) return <Skeleton active paragraph={{ rows: 4 }} />;
  if (!posts.length) {
    return (
      <Empty description="No posts in the last 30 days.">
        <ButtonLink to="/creator/posts/new" type="primary" icon={<EditOutlined aria-hidden />}>
          Write a post
        </ButtonLink>
      </Empty>
    );
  }
  return (
    <List
      dataSource={posts}
      renderItem={(post) => (
        <List.Item
          extra={
            <Flex gap={12} aria-hidden>
              <span>
                <HeartOutlined aria-hidden /> {post.likeCount}
              </span>
              <span>
                <CommentOutlined aria-hidden /> {post.commentCount}
              </span>
            </Flex>
          }
        >
          <Flex vertical style={{ minWidth: 0 }}>
            <Link to={`/post/${post._id}`} data-testid="top-post" style={{ overflowWrap: 'anywhere' }}>
              {post.text || `A ${post.type} post`}
            </Link>
            <Typography.Text type="secondary">
              {formatDay(post.publishedAt)} · {plural(post.likeCount, 'like', 'likes')}, {plural(post.commentCount, 'comment', 'comments')}
            </Typography.Text>
          </Flex>
        </List.Item>
      )}
    />
  );
}

type WaitingLine = { to: string; icon: ReactNode; text: string; testId: string };

/** What waits for the creator (payouts in review, orders to ship), each line a link to where it is done. */
function Waiting({ data }: { data?: CreatorDashboard }) {
  if (!data) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  const { pendingPayouts: payouts, pendingOrders: orders } = data;
  const lines: WaitingLine[] = [
    {
      to: '/creator/payouts',
      icon: <WalletOutlined aria-hidden />,
      testId: 'dashboard-payouts',
      text: payouts.count
        ? `${plural(payouts.count, 'payout request', 'payout requests')} in review: ${formatTokens(payouts.amount)}`
        : 'No payout request in review',
    },
    ...(orders
      ? [
          {
            to: '/creator/orders?deliveryStatus=processing',
            icon: <ShoppingOutlined aria-hidden />,
            testId: 'dashboard-orders',
            text: orders.count ? `${plural(orders.count, 'order', 'orders')} to ship` : 'No order to ship',
          },
        ]
      : []),
  ];
  return (
    <List
      dataSource={lines}
      renderItem={(line) => (
        <List.Item>
          <Link to={line.to} data-testid={line.testId}>
            <Flex gap={8} align="center">
              {line.icon}
              <span>{line.text}</span>
            </Flex>
          </Link>
        </List.Item>
      )}
    />
  );
}

const missingSteps: Record<DiscoveryRequirement, { text: string; to: string }> = {
  avatar: { text: 'Add an avatar', to: '/creator/account?tab=profile' },
  price: { text: 'Set your price', to: '/creator/account?tab=subscription' },
  post: { text: 'Publish a first post', to: '/creator/posts/new' },
};

/**
 * What stands between the creator and the discovery shelves (decision 051): their documents'
 * review, then an avatar, a price and a first post. Gone once they are listed there.
 */
function DiscoveryChecklist() {
  const { data: account } = useGetMyCreatorAccountQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!account) return null;
  const { verification, discoveryMissing } = account;
  if (verification.status === 'verified' && !discoveryMissing.length) return null;
  return (
    <Card title="Get found by fans" style={{ marginBottom: 16 }} data-testid="discovery-checklist">
      <Typography.Paragraph type="secondary">
        Explore, search and the home page list your page once each of these is done. Your page and its link work already.
      </Typography.Paragraph>
      <List
        size="small"
        dataSource={[
          ...(verification.status === 'verified'
            ? []
            : [
                {
                  text: verification.status === 'rejected' ? 'Send new identity documents' : 'Wait for your documents to be reviewed',
                  to: '/creator/account?tab=documents',
                },
              ]),
          ...discoveryMissing.map((requirement) => missingSteps[requirement]),
        ]}
        renderItem={(step) => (
          <List.Item>
            <Link to={step.to}>{step.text}</Link>
          </List.Item>
        )}
      />
    </Card>
  );
}

/**
 * `/creator/dashboard`: a creator's landing from `/` (decision 028): what they earned, who
 * arrived, their best posts, what waits for them and the things they do most, each leading on
 * to its detailed screen.
 */
export default function DashboardPage() {
  const user = useAppSelector((state) => state.session.user);
  // Fans' tips and subscriptions arrive from other browsers: the figures are read on each visit.
  const { data, isError, refetch } = useGetCreatorDashboardQuery(undefined, { refetchOnMountOrArgChange: true });
  const liveOn = useLiveStreamingOn();

  return (
    <div className="page-wide">
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <div>
          <Typography.Title level={1} style={{ fontSize: 28, margin: 0 }}>
            Dashboard
          </Typography.Title>
          <Typography.Text type="secondary">Welcome back{user?.name ? `, ${user.name}` : ''}.</Typography.Text>
        </div>
        <Flex gap={8} wrap>
          <ButtonLink to="/creator/posts/new" type="primary" icon={<EditOutlined aria-hidden />}>
            New post
          </ButtonLink>
          {liveOn && (
            <ButtonLink to="/creator/live" icon={<VideoCameraOutlined aria-hidden />}>
              {data?.liveSessionId ? 'Back to your live' : 'Go live'}
            </ButtonLink>
          )}
          <ButtonLink to="/creator/mass-messages" icon={<MailOutlined aria-hidden />}>
            Message subscribers
          </ButtonLink>
        </Flex>
      </Flex>
      <DiscoveryChecklist />
      {data?.liveSessionId && (
        <Tag color="red" style={{ marginBottom: 16 }}>
          You are live now
        </Tag>
      )}
      {isError && (
        <Card style={{ marginBottom: 16 }}>
          <Empty description="The dashboard could not be loaded.">
            <Button onClick={() => refetch()}>Try again</Button>
          </Empty>
        </Card>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={12} lg={6}>
          <StatCard
            to="/creator/earnings"
            testId="dashboard-today"
            title="Earned today"
            value={data && formatTokens(data.earnings.today)}
            detail="Net, after the platform's share"
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            to="/creator/earnings"
            testId="dashboard-month"
            title="Earned this month"
            value={data && formatTokens(data.earnings.thisMonth)}
            detail="Net, since the 1st (UTC)"
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            to="/creator/subscribers"
            testId="dashboard-subscribers"
            title="New subscribers, 30 days"
            value={data && String(data.subscribers.last30Days)}
            detail={data && `${data.subscribers.today} today · ${data.subscribers.total} subscribed now`}
          />
        </Col>
        <Col xs={12} lg={6}>
          <StatCard
            to="/creator/followers"
            testId="dashboard-followers"
            title="New followers, 30 days"
            value={data && String(data.followers.last30Days)}
            detail={data && `${data.followers.today} today · ${data.followers.total} in all`}
          />
        </Col>
        <Col xs={24} lg={16}>
          <Card
            title={<h2 style={{ fontSize: 16, margin: 0 }}>Top posts, last 30 days</h2>}
            extra={<Link to="/creator/posts">All posts</Link>}
          >
            <TopPosts posts={data?.topPosts} />
          </Card>
        </Col>
        <Col xs={24} lg={8}>
          <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Waiting for you</h2>}>
            <Waiting data={data} />
          </Card>
        </Col>
      </Row>
    </div>
  );
}
