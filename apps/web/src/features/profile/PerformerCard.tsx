import { UserOutlined } from '@ant-design/icons';
import type { CreatorCounts, PublicPerformer } from '@limelight/contracts';
import { Avatar, Card, Flex, Typography } from 'antd';
import { Link } from 'react-router';
import { formatTokens } from '../../shared/lib/money';
import { FollowButton } from './PerformerActions';

/** A creator as a card shows them; discovery lists add what they have published. */
type CardPerformer = PublicPerformer & { content?: CreatorCounts };

/** The creator's avatar, name (their page's link) and handle, as every card shows them. */
function Identity({ performer, href, avatarSize }: { performer: PublicPerformer; href: string; avatarSize: number }) {
  return (
    <>
      <Avatar size={avatarSize} src={performer.avatar} icon={<UserOutlined aria-hidden />} alt="" />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Link to={href} className="text-ellipsis">
          <Typography.Text strong>{performer.name}</Typography.Text>
        </Link>
        <Typography.Text type="secondary" className="text-ellipsis">
          @{performer.username}
        </Typography.Text>
      </div>
    </>
  );
}

/** The lowest a month costs over the plans the creator offers (a year's price over twelve months…). */
export function lowestMonthlyPrice(performer: PublicPerformer): number | undefined {
  const perMonth = [
    [performer.monthlyPrice, 1],
    [performer.threeMonthPrice, 3],
    [performer.sixMonthPrice, 6],
    [performer.yearlyPrice, 12],
  ]
    .filter((plan): plan is [number, number] => typeof plan[0] === 'number' && plan[0] > 0)
    .map(([price, months]) => Math.round((price / months) * 100) / 100);
  return perMonth.length ? Math.min(...perMonth) : undefined;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** "12 posts · 40 photos · 3 videos", leaving out what they have none of. */
export function contentSummary(content: CreatorCounts) {
  return [plural(content.posts, 'post'), plural(content.photos, 'photo'), plural(content.videos, 'video')]
    .filter((text) => !text.startsWith('0 '))
    .join(' · ');
}

/** What subscribing costs and what there is to see: "From 4.99 tokens a month · 12 posts · 3 videos". */
function Offer({ performer }: { performer: CardPerformer }) {
  const price = lowestMonthlyPrice(performer);
  const parts = [
    price === undefined ? undefined : `From ${formatTokens(price)} a month`,
    performer.content ? contentSummary(performer.content) : undefined,
  ].filter(Boolean);
  if (!parts.length) return null;
  return (
    <Typography.Text type="secondary" className="performer-card-offer text-ellipsis" title={parts.join(' · ')}>
      {parts.join(' · ')}
    </Typography.Text>
  );
}

/**
 * A creator in a grid: cover, avatar, name, a line of their bio, their price and what they have
 * published, and the follow button; `compact` is one row (avatar, name, price, follow) for a side
 * column.
 */
export function PerformerCard({ performer, compact = false }: { performer: CardPerformer; compact?: boolean }) {
  const href = `/${performer.username ?? performer._id}`;
  if (compact) {
    return (
      <Flex vertical gap={4} data-testid="performer-card">
        <Flex gap={12} align="center">
          <Identity performer={performer} href={href} avatarSize={40} />
          <FollowButton performer={performer} size="small" />
        </Flex>
        <Offer performer={performer} />
      </Flex>
    );
  }
  return (
    <Card
      size="small"
      cover={
        <Link to={href} aria-hidden tabIndex={-1}>
          <div className="performer-card-cover" style={{ backgroundImage: `url(${performer.cover})` }} />
        </Link>
      }
      data-testid="performer-card"
    >
      <Flex gap={12} align="center">
        <Identity performer={performer} href={href} avatarSize={48} />
      </Flex>
      {/* Always two lines high, so the cards of a row line up whether or not there is a bio. */}
      <Typography.Paragraph className="performer-card-bio">{performer.bio}</Typography.Paragraph>
      <div className="performer-card-offer-line">
        <Offer performer={performer} />
      </div>
      <div style={{ marginTop: 8 }}>
        <FollowButton performer={performer} block />
      </div>
    </Card>
  );
}
