import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { MediaFile, Story } from '@limelight/contracts';
import { Button, Card, ColorPicker, Flex, Form, Input, List, Popconfirm, Progress, Segmented, Tag, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { formatMoment } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { uploadForm } from '../../shared/lib/upload';
import { AltTextFields, useAltTexts } from '../../shared/ui/AltText';
import { PageTitle } from '../../shared/ui/PageTitle';
import { HeldTag, savedMessage } from '../moderation';
import { useCreateStoryMutation, useDeleteStoryMutation, useListOwnStoriesQuery } from './api';

type StoryType = Story['type'];
const accepts = { photo: 'image/jpeg,image/png,image/webp,image/gif', video: 'video/mp4,video/quicktime,video/webm' };

/** `/creator/stories`: post a story for 24 hours and see the ones posted before. */
export default function MyStoriesPage() {
  const [type, setType] = useState<StoryType>('photo');
  const [text, setText] = useState('');
  const [color, setColor] = useState('#42b1e8');
  const [upload, setUpload] = useState<{ name: string; percent: number; file?: MediaFile }>();
  const altTexts = useAltTexts();
  const [create, creating] = useCreateStoryMutation();
  const [remove] = useDeleteStoryMutation();
  const { data, isLoading } = useListOwnStoriesQuery({ offset: 0, limit: 50 });

  const send = async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    setUpload({ name: file.name, percent: 0 });
    try {
      const uploaded = await uploadForm<MediaFile>(`/stories/files/${type}/upload`, form, (percent) =>
        setUpload({ name: file.name, percent }),
      );
      setUpload({ name: file.name, percent: 100, file: uploaded });
    } catch (error) {
      setUpload(undefined);
      toast.error(errorMessage(error));
    }
  };
  const post = async () => {
    try {
      if (type === 'photo' && upload?.file) await altTexts.save([upload.file]);
      const story = await create({
        body: { type, text, backgroundColor: color, fileId: type === 'text' ? null : (upload?.file?._id ?? null) },
      }).unwrap();
      toast.success(savedMessage(story, 'Your story is live for 24 hours', 'Your story is saved'));
      setText('');
      setUpload(undefined);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <div className="page-narrow">
      <Card>
        <PageTitle style={{ fontSize: 24 }}>New story</PageTitle>
        <Segmented<StoryType>
          options={[
            { value: 'photo', label: 'Photo' },
            { value: 'video', label: 'Video' },
            { value: 'text', label: 'Text' },
          ]}
          value={type}
          onChange={(next) => {
            setType(next);
            setUpload(undefined);
          }}
          aria-label="Kind of story"
          style={{ marginBottom: 16 }}
        />
        <Form layout="vertical">
          {type !== 'text' && (
            <Form.Item label={type === 'photo' ? 'Photo' : 'Video'}>
              <Upload
                accept={accepts[type]}
                showUploadList={false}
                beforeUpload={(file) => {
                  void send(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined aria-hidden />}>Choose {type}</Button>
              </Upload>
              {upload && (
                <Flex vertical style={{ marginTop: 8 }}>
                  <Typography.Text>{upload.name}</Typography.Text>
                  <Progress percent={upload.percent} size="small" aria-label="Story upload progress" />
                </Flex>
              )}
              {type === 'photo' && upload?.file && <AltTextFields files={[upload.file]} altTexts={altTexts} />}
            </Form.Item>
          )}
          <Form.Item label={type === 'text' ? 'Story text' : 'Caption'} htmlFor="story-text">
            <Input.TextArea
              id="story-text"
              value={text}
              onChange={(event) => setText(event.target.value)}
              rows={2}
              maxLength={500}
              showCount
            />
          </Form.Item>
          {type === 'text' && (
            <Form.Item label="Background">
              <ColorPicker aria-label="Background colour" value={color} onChange={(value) => setColor(value.toHexString())} disabledAlpha />
            </Form.Item>
          )}
          <Button type="primary" onClick={post} loading={creating.isLoading} disabled={type === 'text' ? !text.trim() : !upload?.file}>
            Post story
          </Button>
        </Form>
      </Card>
      <Card title="My stories" style={{ marginTop: 16 }}>
        <List
          loading={isLoading}
          dataSource={data?.data ?? []}
          locale={{ emptyText: 'No stories yet' }}
          renderItem={(story) => {
            const expired = dayjs(story.expiresAt).isBefore(dayjs());
            return (
              <List.Item
                actions={[
                  <Popconfirm
                    key="delete"
                    title="Delete this story?"
                    onConfirm={() =>
                      remove({ id: story._id })
                        .unwrap()
                        .catch((error: unknown) => toast.error(errorMessage(error)))
                    }
                  >
                    <Button size="small" type="text" icon={<DeleteOutlined aria-hidden />} aria-label="Delete story" />
                  </Popconfirm>,
                ]}
              >
                <List.Item.Meta
                  avatar={
                    story.file?.thumbnailUrl ? (
                      <img src={story.file.thumbnailUrl} alt="" width={48} height={48} style={{ objectFit: 'cover', borderRadius: 6 }} />
                    ) : (
                      <div style={{ width: 48, height: 48, borderRadius: 6, background: story.backgroundColor }} />
                    )
                  }
                  title={
                    <Flex gap={8}>
                      {story.text || story.type}
                      {expired ? <Tag>expired</Tag> : <Tag color="success">live until {formatMoment(story.expiresAt)}</Tag>}
                      <HeldTag hold={story.moderation} />
                    </Flex>
                  }
                  description={`${formatMoment(story.createdAt)} · ${story.likeCount} ${story.likeCount === 1 ? 'like' : 'likes'}`}
                />
              </List.Item>
            );
          }}
        />
      </Card>
    </div>
  );
}
