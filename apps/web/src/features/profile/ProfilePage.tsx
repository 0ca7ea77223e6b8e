import { DashboardOutlined, UserOutlined } from '@ant-design/icons';
import type { FeedType, Option, PublicPerformer } from '@limelight/contracts';
import { ErrorCode, performerAttributeFields, performerOptionSets } from '@limelight/contracts/constants';
import { Alert, Avatar, Card, Descriptions, Flex, Skeleton, Tag, Typography } from 'antd';
import { preload as preloadResource } from 'react-dom';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { joinUrl, loginUrl } from '../../shared/lib/navigation';
import { type PageStart, useAppSelector } from '../../shared/lib/store';
import { errorCode, errorMessage } from '../../shared/lib/toast';
import { TipButton } from '../../shared/pay/PayButtons';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { CopyButton } from '../../shared/ui/CopyButton';
import { Result } from '../../shared/ui/Result';
import { VideoPlayer } from '../../shared/ui/VideoPlayer';
import { BlockButton } from '../blocks';
import { ReportButton } from '../community';
import { FeedList, preloadFeedList } from '../feeds';
import { CreatorGalleries } from '../galleries';
import { LiveBadge } from '../live';
import { useCountryName, useLanguageName } from '../lookups';
import { MessageButton } from '../messages';
import { CreatorProducts, useShopOpen } from '../shop';
import { SubscribeCard } from '../subscriptions';
import { CreatorVideos } from '../videos';
import { profileApi, useGetCreatorProfileQuery } from './api';
import { CreatorCounts } from './CreatorCounts';
import { BookmarkButton, FollowButton, FollowPrompt } from './PerformerActions';
import { ProfileTabs } from './ProfileTabs';

const labelOf = (options: Option[], value: string | null) => options.find((option) => option.value === value)?.label;

const attributes: Array<{ name: keyof PublicPerformer; label: string; options: Option[] }> = [
  { name: 'age', label: 'Age', options: performerOptionSets.ages },
  ...performerAttributeFields,
];

/**
 * Once the page's code is in: the creator's first posts, as the first tab lists them (the creator is
 * asked by the router as the chunk loads). A server's render then draws the posts' text.
 */
export async function preload({ store, params }: PageStart) {
  if (!params.profileId) return;
  const { data } = await store.dispatch(profileApi.endpoints.getCreatorProfile.initiate({ id: params.profileId }, { subscribe: false }));
  if (data) await preloadFeedList(store.dispatch, { kind: 'creator', username: data.username ?? data._id });
}

/** `/{profileId}`: a creator's public page, by username or id. */
export default function ProfilePage() {
  const { profileId = '' } = useParams();
  const viewer = useAppSelector((state) => state.session.user);
  const { data: performer, isLoading, isError, error } = useGetCreatorProfileQuery({ id: profileId });
  const [params, setParams] = useSearchParams();
  const languageName = useLanguageName();
  const countryName = useCountryName();
  const tabs = useShopOpen() ? [...profileTabs, storeTab] : profileTabs;
  const tab = tabs.find((item) => item.key === params.get('tab'))?.key ?? 'posts';

  if (isLoading) return <Skeleton active avatar paragraph={{ rows: 4 }} />;
  if (errorCode(error) === ErrorCode.blocked) {
    return <Result status="403" title="You cannot see this page" subTitle={errorMessage(error)} extra={<Link to="/">Go home</Link>} />;
  }
  if (isError || !performer) {
    return (
      <Result
        status="404"
        title="Page not found"
        subTitle={`There is no creator called ${profileId}.`}
        extra={<Link to="/">Go home</Link>}
      />
    );
  }
  const own = viewer?._id === performer._id;
  const profilePath = `/${performer.username ?? performer._id}`;
  // "Subscribe" on a locked post asks for the dialog (`?subscribe=1`): a visitor signs up first and
  // comes back with that same request, so the dialog opens for the new fan.
  if (!viewer && params.get('subscribe') === '1') return <Navigate to={joinUrl(`${profilePath}?subscribe=1`)} replace />;
  // Made when copied: the page's address is the browser's to know (the server's render has none).
  const pageUrl = () => `${window.location.origin}/${performer.username ?? performer._id}`;
  const shownAttributes = attributes.flatMap(({ name, label, options }) => {
    const value = labelOf(options, performer[name] as string | null);
    return value ? [{ key: name, label, children: value }] : [];
  });
  const location = [performer.city, performer.state, performer.country && countryName(performer.country)].filter(Boolean).join(', ');

  // The cover is the page's largest picture (its LCP) but a style's background, which the browser
  // finds late: named in the page's head (React writes the link on the server) and asked first.
  if (performer.cover) preloadResource(performer.cover, { as: 'image', fetchPriority: 'high' });

  return (
    <div className="page-wide">
      <div
        className="profile-cover"
        style={{ backgroundImage: `url(${performer.cover})` }}
        role="img"
        aria-label={`${performer.name}'s cover`}
      />
      <Card className="profile-card">
        <Flex gap={16} align="flex-end" wrap>
          <Avatar size={96} src={performer.avatar} icon={<UserOutlined aria-hidden />} className="profile-avatar" alt={performer.name} />
          <div style={{ flex: 1, minWidth: 200 }}>
            <Flex gap={8} align="center" wrap>
              <Typography.Title level={1} style={{ margin: 0, fontSize: 28 }}>
                {performer.name}
              </Typography.Title>
              <LiveBadge performerId={performer._id} />
            </Flex>
            <Typography.Text type="secondary">@{performer.username}</Typography.Text>
            <CreatorCounts counts={performer.counts} />
            <Flex gap={4} style={{ marginTop: 8 }} wrap>
              {performer.gender && <Tag>{labelOf(performerOptionSets.genders, performer.gender)}</Tag>}
              {location && <Tag>{location}</Tag>}
              {performer.languages.map((language) => (
                <Tag key={language}>{languageName(language)}</Tag>
              ))}
            </Flex>
          </div>
          <Flex gap={8} wrap>
            {own && (
              <ButtonLink to="/creator/dashboard" icon={<DashboardOutlined aria-hidden />}>
                Your dashboard
              </ButtonLink>
            )}
            {!own && <FollowButton performer={performer} />}
            {!own && <BookmarkButton performer={performer} />}
            {!own && <ReportButton targetType="performer" targetId={performer._id} withLabel />}
            {!own && !viewer?.isAdmin && !viewer?.isPerformer && <MessageButton person={{ ...performer, isPerformer: true }} />}
            {!own && <TipButton performer={{ ...performer, isPerformer: true }} />}
            <CopyButton text={pageUrl} />
            {viewer && !own && !viewer.isAdmin && <BlockButton user={performer} size="middle" quiet />}
          </Flex>
        </Flex>
        {own && !performer.verifiedDocument && (
          <Alert
            style={{ marginTop: 16 }}
            type="warning"
            showIcon
            title="Your page is not public yet"
            description="An admin is checking your identity documents. Fans will find you once you are verified."
          />
        )}
        {performer.bio && <Typography.Paragraph style={{ marginTop: 16, whiteSpace: 'pre-line' }}>{performer.bio}</Typography.Paragraph>}
        {performer.welcomeVideo?.url && <VideoPlayer video={performer.welcomeVideo} label={`Welcome video from ${performer.name}`} />}
      </Card>
      {!viewer && <JoinCard name={performer.name} profilePath={profilePath} />}
      <FollowPrompt performer={performer} />
      <div className="profile-details">
        <Card title="About">
          {shownAttributes.length ? (
            <Descriptions column={{ xs: 1, sm: 2 }} items={shownAttributes} size="small" />
          ) : (
            <Typography.Text type="secondary">{own ? 'Add your details on your account page.' : 'No details yet.'}</Typography.Text>
          )}
        </Card>
        <SubscribeCard performer={performer} own={own} />
      </div>
      <Card className="profile-content">
        <ProfileTabs
          label={`${performer.name}'s content`}
          tabs={tabs}
          active={tab}
          onChange={(key) => setParams({ tab: key })}
          extra={own ? <NewContentButton tab={tab} /> : undefined}
        >
          {tab === 'videos' ? (
            <CreatorVideos performerId={performer._id} empty={own ? 'Upload your first video.' : `${performer.name} has no videos yet.`} />
          ) : tab === 'store' ? (
            <CreatorProducts
              performerId={performer._id}
              empty={own ? 'Add your first product to open your store.' : `${performer.name} has nothing for sale yet.`}
            />
          ) : tab === 'galleries' ? (
            <CreatorGalleries
              performerId={performer._id}
              empty={own ? 'Create your first gallery.' : `${performer.name} has no galleries yet.`}
            />
          ) : (
            <FeedList
              key={tab}
              source={{ kind: 'creator', username: performer.username ?? performer._id }}
              type={tabs.find((item) => item.key === tab)?.feedType}
              empty={own ? 'You have not posted yet.' : `${performer.name} has not posted yet.`}
            />
          )}
        </ProfileTabs>
      </Card>
    </div>
  );
}

/**
 * A visitor's way to everything on the page: signing up (or logging in) brings them back here,
 * where follow, subscribe, tip and message then work (decision 027).
 */
function JoinCard({ name, profilePath }: { name: string; profilePath: string }) {
  return (
    <Card className="profile-join">
      <Flex gap={12} align="center" justify="space-between" wrap>
        <Typography.Text>Join to follow {name}, subscribe, tip and send messages.</Typography.Text>
        <Flex gap={8} wrap>
          <Link to={joinUrl(profilePath)} className="frame-button frame-button-primary">
            Sign up
          </Link>
          <Link to={loginUrl(profilePath)} className="frame-button">
            Log in
          </Link>
        </Flex>
      </Flex>
    </Card>
  );
}

/** Posts and photo posts come from the feed; videos and galleries from the creator's libraries. */
const profileTabs: Array<{ key: string; label: string; feedType?: FeedType }> = [
  { key: 'posts', label: 'Posts' },
  { key: 'photos', label: 'Photos', feedType: 'photo' },
  { key: 'videos', label: 'Videos' },
  { key: 'galleries', label: 'Galleries' },
];
/** The creator's store, while the admin keeps the shop open. */
const storeTab: (typeof profileTabs)[number] = { key: 'store', label: 'Store' };

const newContent: Record<string, [to: string, label: string]> = {
  videos: ['/creator/videos/new', 'Upload video'],
  galleries: ['/creator/galleries/new', 'New gallery'],
  store: ['/creator/products/new', 'New product'],
};

function NewContentButton({ tab }: { tab: string }) {
  const [to, label] = newContent[tab] ?? ['/creator/posts/new', 'New post'];
  return (
    <ButtonLink to={to} type="primary" size="small">
      {label}
    </ButtonLink>
  );
}
