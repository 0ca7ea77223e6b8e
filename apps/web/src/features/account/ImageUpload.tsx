import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import type { CurrentUser } from '@limelight/contracts';
import { Avatar, Button, Flex, Progress, Upload } from 'antd';
import { useState } from 'react';
import { useAppDispatch } from '../../app/store';
import { api } from '../../shared/lib/api';
import { userLoaded } from '../../shared/lib/session';
import { errorMessage, toast } from '../../shared/lib/toast';
import { uploadForm } from '../../shared/lib/upload';

type Kind = 'avatar' | 'cover';
const endpoints: Record<Kind, string> = { avatar: '/users/avatar/upload', cover: '/performers/cover/upload' };

/** Picks an image and uploads it under its own field name, with a progress bar. */
export function ImageUpload({ kind, current, label }: { kind: Kind; current: string | null; label: string }) {
  const dispatch = useAppDispatch();
  const [progress, setProgress] = useState<number>();
  const upload = async (file: File) => {
    const form = new FormData();
    form.append(kind, file);
    setProgress(0);
    try {
      const user = await uploadForm<CurrentUser>(endpoints[kind], form, setProgress);
      dispatch(userLoaded(user));
      dispatch(api.util.invalidateTags(['Performer', 'PerformerAccount']));
      toast.success(`${label} updated`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setProgress(undefined);
    }
  };
  return (
    <Flex gap={16} align="center" wrap>
      {kind === 'avatar' ? (
        <Avatar size={80} src={current} icon={<UserOutlined aria-hidden />} alt="" />
      ) : (
        <div
          className="cover-preview"
          style={{ backgroundImage: current ? `url(${current})` : undefined }}
          role="img"
          aria-label="Current cover"
        />
      )}
      <Flex vertical gap={8} style={{ minWidth: 200 }}>
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
