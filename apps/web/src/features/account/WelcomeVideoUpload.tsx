import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { PerformerAccount } from '@limelight/contracts';
import { Alert, Button, Flex, Popconfirm, Progress, Spin, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { api } from '../../shared/lib/api';
import { VIDEO_LIMITS_TEXT } from '../../shared/lib/media-limits';
import { useAppDispatch } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { uploadForm } from '../../shared/lib/upload';
import { VideoPlayer } from '../../shared/ui/VideoPlayer';
import { useDeleteCreatorWelcomeVideoMutation, useGetMyCreatorAccountQuery } from './creator-api';

const POLL_MS = 2000;

/** The short video on the creator's page: upload with progress, then processing until it plays. */
export function WelcomeVideoUpload({ account }: { account: PerformerAccount }) {
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<number>();
  const [remove, removing] = useDeleteCreatorWelcomeVideoMutation();
  // A reviewed creator's new video waits for an admin (decision 055): they see it here, fans the one before.
  const pending = account.profileRevision?.status === 'pending' ? account.profileRevision.welcomeVideo : null;
  const video = pending ?? account.welcomeVideo;
  // Asks again every few seconds while the server is still processing the upload.
  useGetMyCreatorAccountQuery(undefined, { pollingInterval: video?.status === 'processing' ? POLL_MS : 0 });

  const upload = async (file: File) => {
    const form = new FormData();
    form.append('welcomeVideo', file);
    setProgress(0);
    try {
      const result = await uploadForm<PerformerAccount>('/performers/welcome-video/upload', form, setProgress);
      dispatch(api.util.invalidateTags(['PerformerAccount', 'Performer']));
      const waits = result.profileRevision?.status === 'pending' && result.profileRevision.welcomeVideo;
      toast.success(
        waits ? 'Video sent for review: fans see it once an administrator approves it' : 'Video uploaded: it will play once processed',
      );
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setProgress(undefined);
    }
  };

  return (
    <Flex vertical gap={8} style={{ width: '100%', maxWidth: 480 }}>
      <Typography.Text strong>Welcome video {pending && <Tag color="processing">In review</Tag>}</Typography.Text>
      {video?.status === 'finished' && <VideoPlayer video={video} label="Your welcome video" />}
      {video?.status === 'processing' && (
        <Flex gap={8} align="center" role="status">
          <Spin size="small" /> Processing your video…
        </Flex>
      )}
      {video?.status === 'error' && <Alert type="error" showIcon title={video.error ?? 'The video could not be processed'} />}
      <Flex gap={8} wrap>
        <Upload
          accept="video/mp4,video/quicktime,video/webm,video/x-msvideo"
          showUploadList={false}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} loading={progress !== undefined}>
            {video ? 'Replace video' : 'Upload video'}
          </Button>
        </Upload>
        {video && !pending && (
          <Popconfirm
            title="Remove your welcome video?"
            onConfirm={() =>
              remove()
                .unwrap()
                .catch((error: unknown) => toast.error(errorMessage(error)))
            }
          >
            <Button icon={<DeleteOutlined aria-hidden />} loading={removing.isLoading}>
              Remove
            </Button>
          </Popconfirm>
        )}
      </Flex>
      {progress !== undefined && <Progress percent={progress} size="small" aria-label="Welcome video upload progress" />}
      <Typography.Text type="secondary">{VIDEO_LIMITS_TEXT}</Typography.Text>
    </Flex>
  );
}
