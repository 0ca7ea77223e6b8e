import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@limelight/contracts';
import { Avatar, Button, Flex, Progress, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { api } from '../../shared/lib/api';
import { userLoaded } from '../../shared/lib/session';
import { useAppDispatch } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { uploadForm } from '../../shared/lib/upload';

type Kind = 'avatar' | 'cover';

/**
 * Picks an image and uploads it under its own field name, with a progress bar. A creator's
 * pictures go through their creator account, where a reviewed creator's wait for an admin
 * (decision 055): `current` is what fans see, `pending` the picture waiting.
 */
export function ImageUpload({
  kind,
  current,
  label,
  creator = false,
  pending = null,
}: {
  kind: Kind;
  current: string | null;
  label: string;
  creator?: boolean;
  pending?: string | null;
}) {
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<number>();
  const upload = async (file: File) => {
    const form = new FormData();
    form.append(kind, file);
    setProgress(0);
    try {
      const endpoint = creator || kind === 'cover' ? `/performers/${kind}/upload` : '/users/avatar/upload';
      const user = await uploadForm<CurrentUser>(endpoint, form, setProgress);
      dispatch(userLoaded(user));
      dispatch(api.util.invalidateTags(['Performer', 'PerformerAccount']));
      // Held for review, the account still shows the public picture: every upload is stored under a new address.
      toast.success(
        user[kind] === current ? `${label} sent for review: fans see it once an administrator approves it` : `${label} updated`,
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setProgress(undefined);
    }
  };
  const shown = pending ?? current;
  return (
    <Flex gap={16} align="center" wrap>
      {kind === 'avatar' ? (
        <Avatar size={80} src={shown} icon={<UserOutlined aria-hidden />} alt="" />
      ) : (
        <div
          className="cover-preview"
          style={{ backgroundImage: shown ? `url(${shown})` : undefined }}
          role="img"
          aria-label={pending ? 'New cover, in review' : 'Current cover'}
        />
      )}
      <Flex vertical gap={8} style={{ minWidth: 200 }}>
        {pending && (
          <Typography.Text type="secondary">
            <Tag color="processing">In review</Tag>Fans see your current {label.toLowerCase()} until it is approved.
          </Typography.Text>
        )}
        <Upload
          accept="image/jpeg,image/png,image/webp,image/gif"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={progress !== undefined}>
            Change {label.toLowerCase()}
          </Button>
        </Upload>
        {progress !== undefined && <Progress percent={progress} size="small" aria-label={`${label} upload progress`} />}
      </Flex>
    </Flex>
  );
}
