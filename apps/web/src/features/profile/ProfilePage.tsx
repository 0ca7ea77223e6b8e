import { UserOutlined } from '@ant-design/icons';
import { genderOptions } from '@limelight/contracts';
import { Alert, Avatar, Card, Flex, Result, Skeleton, Tag, Typography } from 'antd';
import { Link, useParams } from 'react-router';
import { useAppSelector } from '../../app/store';
import { CopyButton } from '../../shared/ui/CopyButton';
import { usePerformerQuery } from './api';

/** `/{profileId}`: a creator's public page, by username or id. */
export default function ProfilePage() {
  const { profileId = '' } = useParams();
  const viewer = useAppSelector((state) => state.session.user);
  const { data: performer, isLoading, isError } = usePerformerQuery(profileId);

  if (isLoading) return <Skeleton active avatar paragraph={{ rows: 4 }} />;
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
  const pageUrl = `${window.location.origin}/${performer.username ?? performer._id}`;
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
          <Avatar size={96} src={performer.avatar} icon={<UserOutlined />} className="profile-avatar" alt={performer.name} />
          <div style={{ flex: 1, minWidth: 200 }}>
            <Typography.Title level={2} style={{ margin: 0 }}>
              {performer.name}
            </Typography.Title>
            <Typography.Text type="secondary">@{performer.username}</Typography.Text>
            <Flex gap={4} style={{ marginTop: 8 }} wrap>
              {performer.gender && <Tag>{genderOptions.find((option) => option.value === performer.gender)?.label}</Tag>}
              {performer.country && <Tag>{performer.country}</Tag>}
            </Flex>
          </div>
          <CopyButton text={pageUrl} />
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
      </Card>
    </div>
  );
}
