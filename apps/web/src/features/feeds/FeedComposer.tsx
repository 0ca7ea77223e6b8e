import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { type FeedType, feedTypes, MAX_FEED_PHOTOS } from '@limelight/contracts';
import {
  Button,
  Card,
  Checkbox,
  DatePicker,
  Flex,
  Form,
  Input,
  InputNumber,
  List,
  Progress,
  Segmented,
  Switch,
  Typography,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { useCreatePollMutation, useSaveFeedMutation } from './api';
import { type UploadItem, useFeedUploads } from './useUploads';

type ComposerForm = {
  text: string;
  isSale: boolean;
  price: number;
  isPinned: boolean;
  scheduled: boolean;
  scheduleAt?: Dayjs;
  withPoll: boolean;
  pollDescription: string;
  pollOptions: string[];
  pollEndsAt?: Dayjs;
};

const accepts: Record<Exclude<FeedType, 'text'>, string> = {
  photo: 'image/jpeg,image/png,image/webp,image/gif',
  video: 'video/mp4,video/quicktime,video/webm,video/x-msvideo',
  audio: 'audio/mpeg,audio/ogg,audio/wav,audio/mp4,audio/x-m4a',
};
const labels: Record<FeedType, string> = { text: 'Text', photo: 'Photos', video: 'Video', audio: 'Audio' };

/** `/creator/posts/new`: text, photos, a video (with thumbnail and teaser) or audio, a poll, a price, a time. */
export default function FeedComposer() {
  const [type, setType] = useState<FeedType>('text');
  const [form] = Form.useForm<ComposerForm>();
  const media = useFeedUploads(type === 'text' ? 'photo' : type);
  const thumbnail = useFeedUploads('thumbnail');
  const teaser = useFeedUploads('teaser');
  const [createPoll] = useCreatePollMutation();
  const [saveFeed, { isLoading }] = useSaveFeedMutation();
  const navigate = useNavigate();
  const isSale = Form.useWatch('isSale', form);
  const scheduled = Form.useWatch('scheduled', form);
  const withPoll = Form.useWatch('withPoll', form);

  const changeType = (next: FeedType) => {
    setType(next);
    media.reset();
  };

  const submit = async (values: ComposerForm) => {
    try {
      const poll = values.withPoll
        ? await createPoll({
            description: values.pollDescription ?? '',
            options: (values.pollOptions ?? []).filter(Boolean),
            expiredAt: (values.pollEndsAt ?? dayjs().add(1, 'day')).toISOString(),
          }).unwrap()
        : undefined;
      await saveFeed({
        body: {
          type,
          text: values.text ?? '',
          fileIds: type === 'text' ? [] : media.ids,
          thumbnailId: thumbnail.ids[0] ?? null,
          teaserId: type === 'video' ? (teaser.ids[0] ?? null) : null,
          pollId: poll?._id ?? null,
          isSale: values.isSale,
          price: values.isSale ? values.price : 0,
          isPinned: values.isPinned,
          scheduleAt: values.scheduled && values.scheduleAt ? values.scheduleAt.toISOString() : null,
        },
      }).unwrap();
      toast.success(values.scheduled ? 'Your post is scheduled' : 'Your post is published');
      navigate('/creator/posts');
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card className="page-narrow">
      <Typography.Title level={2}>New post</Typography.Title>
      <Segmented<FeedType>
        options={feedTypes.map((value) => ({ value, label: labels[value] }))}
        value={type}
        onChange={changeType}
        style={{ marginBottom: 16 }}
        aria-label="Kind of post"
      />
      <Form<ComposerForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          text: '',
          isSale: false,
          price: 5,
          isPinned: false,
          scheduled: false,
          withPoll: false,
          pollOptions: ['', ''],
          pollEndsAt: dayjs().add(1, 'day'),
        }}
        requiredMark={false}
      >
        <Form.Item name="text" label="Post text">
          <Input.TextArea rows={4} maxLength={5000} showCount placeholder="Say something to your fans" />
        </Form.Item>
        {type !== 'text' && (
          <Form.Item label={labels[type]} extra={type === 'photo' ? `Up to ${MAX_FEED_PHOTOS} photos` : undefined}>
            <FileUploads
              accept={accepts[type]}
              multiple={type === 'photo'}
              uploads={media}
              label={type === 'photo' ? 'Add photos' : `Choose ${type}`}
            />
          </Form.Item>
        )}
        {type === 'video' && (
          <>
            <Form.Item label="Thumbnail" extra="Shown on the post for fans who have not unlocked it yet.">
              <FileUploads accept={accepts.photo} uploads={thumbnail} label="Choose thumbnail" />
            </Form.Item>
            <Form.Item label="Teaser" extra="A short public clip.">
              <FileUploads accept={accepts.video} uploads={teaser} label="Choose teaser" />
            </Form.Item>
          </>
        )}
        <Form.Item name="withPoll" valuePropName="checked">
          <Checkbox>Add a poll</Checkbox>
        </Form.Item>
        {withPoll && (
          <Card size="small" style={{ marginBottom: 16 }}>
            <Form.Item name="pollDescription" label="Question">
              <Input maxLength={500} />
            </Form.Item>
            <Form.List name="pollOptions">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field, index) => (
                    <Flex key={field.key} gap={8} align="baseline">
                      <Form.Item
                        {...field}
                        label={`Option ${index + 1}`}
                        rules={[{ required: true, message: 'Enter the option' }]}
                        style={{ flex: 1 }}
                      >
                        <Input maxLength={100} />
                      </Form.Item>
                      {fields.length > 2 && (
                        <Button icon={<DeleteOutlined />} aria-label={`Remove option ${index + 1}`} onClick={() => remove(field.name)} />
                      )}
                    </Flex>
                  ))}
                  {fields.length < 10 && (
                    <Button icon={<PlusOutlined />} onClick={() => add('')} style={{ marginBottom: 16 }}>
                      Add option
                    </Button>
                  )}
                </>
              )}
            </Form.List>
            <Form.Item name="pollEndsAt" label="Poll ends" rules={[{ required: true, message: 'Choose when the poll ends' }]}>
              <DatePicker showTime disabledDate={(date) => date.isBefore(dayjs(), 'day')} style={{ width: '100%' }} />
            </Form.Item>
          </Card>
        )}
        <Flex gap={24} wrap>
          <Form.Item name="isSale" label="Pay to unlock" valuePropName="checked">
            <Switch />
          </Form.Item>
          {isSale && (
            <Form.Item name="price" label="Price (tokens)" rules={[{ required: true, message: 'Enter a price' }]}>
              <InputNumber min={0} max={10000} precision={2} />
            </Form.Item>
          )}
          <Form.Item name="scheduled" label="Publish later" valuePropName="checked">
            <Switch />
          </Form.Item>
          {scheduled && (
            <Form.Item name="scheduleAt" label="Publish at" rules={[{ required: true, message: 'Choose when to publish' }]}>
              <DatePicker showTime disabledDate={(date) => date.isBefore(dayjs(), 'day')} />
            </Form.Item>
          )}
          <Form.Item name="isPinned" label="Pin to my page" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Flex>
        <Button type="primary" htmlType="submit" loading={isLoading} disabled={media.busy || thumbnail.busy || teaser.busy}>
          {scheduled ? 'Schedule' : 'Publish'}
        </Button>
      </Form>
    </Card>
  );
}

function FileUploads({
  accept,
  multiple,
  uploads,
  label,
}: {
  accept: string;
  multiple?: boolean;
  uploads: ReturnType<typeof useFeedUploads>;
  label: string;
}) {
  return (
    <Flex vertical gap={8}>
      <Upload
        accept={accept}
        multiple={multiple}
        showUploadList={false}
        beforeUpload={(file) => {
          void uploads.add(file, !multiple);
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{label}</Button>
      </Upload>
      {uploads.items.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={uploads.items}
          renderItem={(item: UploadItem) => (
            <List.Item
              actions={[
                <Button
                  key="remove"
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={`Remove ${item.name}`}
                  onClick={() => uploads.remove(item.uid)}
                />,
              ]}
            >
              <Flex vertical style={{ width: '100%' }}>
                <Flex gap={8} align="center">
                  {item.file?.thumbnailUrl && (
                    <img src={item.file.thumbnailUrl} alt="" width={40} height={40} style={{ objectFit: 'cover', borderRadius: 4 }} />
                  )}
                  <Typography.Text ellipsis>{item.name}</Typography.Text>
                  {item.file?.status === 'processing' && <Typography.Text type="secondary">processing after upload</Typography.Text>}
                </Flex>
                {!item.file && (
                  <Progress
                    percent={item.percent}
                    size="small"
                    status={item.failed ? 'exception' : 'active'}
                    aria-label={`${item.name} upload progress`}
                  />
                )}
              </Flex>
            </List.Item>
          )}
        />
      )}
    </Flex>
  );
}
