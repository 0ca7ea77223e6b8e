import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type Feed,
  type FeedAudience,
  type FeedFileKind,
  type FeedType,
  feedAudienceOf,
  feedAudiences,
  feedTypes,
  MAX_FEED_PHOTOS,
  type MediaFile,
  type SaveFeedInput,
} from '@limelight/contracts';
import { Button, Card, Checkbox, Flex, Form, Input, Radio, Segmented, Skeleton, Switch, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useUploads } from '../../shared/hooks/useUploads';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { errorMessage, toast } from '../../shared/lib/toast';
import { AltTextFields, uploadedFiles, useAltTexts } from '../../shared/ui/AltText';
import { AmountInput, amountRules } from '../../shared/ui/AmountInput';
import { DateTimeField } from '../../shared/ui/DateTimeField';
import { ITEM_PRICE } from '../../shared/ui/LibraryFields';
import { Result } from '../../shared/ui/Result';
import { accepts, UploadField } from '../../shared/ui/UploadField';
import { savedMessage } from '../moderation';
import { useCreateFeedMutation, useCreateFeedPollMutation, useGetOwnFeedQuery, useUpdateFeedMutation } from './api';
import { audienceLabels, feedTypeLabels } from './labels';

type ComposerForm = {
  text: string;
  audience: FeedAudience;
  price: number;
  isPinned: boolean;
  hidden: boolean;
  scheduled: boolean;
  scheduleAt?: Dayjs;
  withPoll: boolean;
  pollDescription: string;
  pollOptions: string[];
  pollEndsAt?: Dayjs;
};

/** A post to unlock costs something: free posts are for everyone. */
const UNLOCK_PRICE = { ...ITEM_PRICE, what: 'A price to unlock', min: 0.01 };

const mediaFile = (file: MediaFile) => file;
const useFeedUploads = (kind: FeedFileKind) => useUploads({ url: `/performer/feeds/${kind}/upload`, field: 'file', fileOf: mediaFile });

/** `/creator/posts/new`. */
export default function NewFeedPage() {
  return <FeedComposer />;
}

/** `/creator/posts/:id/edit`: the composer filled with the post; its kind stays. */
export function EditFeedPage() {
  const { id = '' } = useParams();
  const { data: feed, isLoading, isError } = useGetOwnFeedQuery({ id });
  if (isLoading) return <Skeleton active className="page-narrow" />;
  if (isError || !feed) {
    return <Result status="404" title="Post not found" extra={<Link to="/creator/posts">Back to my posts</Link>} />;
  }
  return <FeedComposer feed={feed} />;
}

/** Text, photos, a video (with thumbnail and teaser) or audio, a poll, a price, a time. */
function FeedComposer({ feed }: { feed?: Feed }) {
  const [type, setType] = useState<FeedType>(feed?.type ?? 'text');
  const [form] = Form.useForm<ComposerForm>();
  const media = useFeedUploads(type === 'text' ? 'photo' : type);
  const thumbnail = useFeedUploads('thumbnail');
  const teaser = useFeedUploads('teaser');
  const [createPoll] = useCreateFeedPollMutation();
  const [createFeed, creating] = useCreateFeedMutation();
  const [updateFeed, updating] = useUpdateFeedMutation();
  const altTexts = useAltTexts();
  const navigate = useNavigate();
  const audience = Form.useWatch('audience', form);
  const scheduled = Form.useWatch('scheduled', form);
  const withPoll = Form.useWatch('withPoll', form);
  const { seed: seedMedia } = media;
  const { seed: seedThumbnail } = thumbnail;
  const { seed: seedTeaser } = teaser;

  // Editing starts from the files the post already has.
  useEffect(() => {
    if (!feed) return;
    seedMedia(feed.files);
    seedThumbnail(feed.thumbnail ? [feed.thumbnail] : []);
    seedTeaser(feed.teaser ? [feed.teaser] : []);
  }, [feed, seedMedia, seedThumbnail, seedTeaser]);

  const changeType = (next: FeedType) => {
    setType(next);
    media.reset();
  };

  const submit = async (values: ComposerForm) => {
    try {
      const poll = feed?.poll
        ? feed.poll
        : values.withPoll
          ? await createPoll({
              body: {
                description: values.pollDescription ?? '',
                options: (values.pollOptions ?? []).filter(Boolean),
                expiredAt: (values.pollEndsAt ?? dayjs().add(1, 'day')).toISOString(),
              },
            }).unwrap()
          : undefined;
      const photos = type === 'photo' ? uploadedFiles(media) : [];
      const body: SaveFeedInput = {
        type,
        text: values.text ?? '',
        fileIds: type === 'text' ? [] : media.ids,
        thumbnailId: thumbnail.ids[0] ?? null,
        teaserId: type === 'video' ? (teaser.ids[0] ?? null) : null,
        pollId: poll?._id ?? null,
        isSale: values.audience !== 'subscribers',
        price: values.audience === 'sale' ? values.price : 0,
        isPinned: values.isPinned,
        status: values.hidden ? 'inactive' : 'active',
        scheduleAt: values.scheduled && values.scheduleAt ? values.scheduleAt.toISOString() : null,
      };
      await altTexts.save(photos);
      const saved = await (feed ? updateFeed({ id: feed._id, body }) : createFeed({ body })).unwrap();
      toast.success(
        savedMessage(
          saved,
          feed ? 'Your post is saved' : values.scheduled ? 'Your post is scheduled' : 'Your post is published',
          'Your post is saved',
        ),
      );
      navigate('/creator/posts');
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card className="page-narrow">
      <Typography.Title level={1} style={{ fontSize: 28 }}>
        {feed ? 'Edit post' : 'New post'}
      </Typography.Title>
      {!feed && (
        <Segmented<FeedType>
          options={feedTypes.map((value) => ({ value, label: feedTypeLabels[value] }))}
          value={type}
          onChange={changeType}
          style={{ marginBottom: 16 }}
          aria-label="Kind of post"
        />
      )}
      <Form<ComposerForm>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{
          text: feed?.text ?? '',
          audience: feed ? feedAudienceOf(feed) : 'subscribers',
          price: feed && feed.price > 0 ? feed.price : 5,
          isPinned: feed?.isPinned ?? false,
          hidden: feed?.status === 'inactive',
          scheduled: !!feed?.scheduleAt && dayjs(feed.scheduleAt).isAfter(dayjs()),
          scheduleAt: feed?.scheduleAt ? dayjs(feed.scheduleAt) : undefined,
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
          <Form.Item label={feedTypeLabels[type]} extra={type === 'photo' ? `Up to ${MAX_FEED_PHOTOS} photos` : undefined}>
            <UploadField
              accept={accepts[type]}
              multiple={type === 'photo'}
              uploads={media}
              label={type === 'photo' ? 'Add photos' : `Choose ${type}`}
            />
            {type === 'photo' && <AltTextFields files={uploadedFiles(media)} altTexts={altTexts} />}
          </Form.Item>
        )}
        {type === 'video' && (
          <>
            <Form.Item label="Thumbnail" extra="Shown on the post for fans who have not unlocked it yet.">
              <UploadField accept={accepts.photo} uploads={thumbnail} label="Choose thumbnail" />
            </Form.Item>
            <Form.Item label="Teaser" extra="A short public clip.">
              <UploadField accept={accepts.video} uploads={teaser} label="Choose teaser" />
            </Form.Item>
          </>
        )}
        {!feed?.poll && (
          <Form.Item name="withPoll" valuePropName="checked">
            <Checkbox>Add a poll</Checkbox>
          </Form.Item>
        )}
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
                        <Button
                          icon={<DeleteOutlined aria-hidden />}
                          aria-label={`Remove option ${index + 1}`}
                          onClick={() => remove(field.name)}
                        />
                      )}
                    </Flex>
                  ))}
                  {fields.length < 10 && (
                    <Button icon={<PlusOutlined aria-hidden />} onClick={() => add('')} style={{ marginBottom: 16 }}>
                      Add option
                    </Button>
                  )}
                </>
              )}
            </Form.List>
            <Form.Item name="pollEndsAt" label="Poll ends" rules={[{ required: true, message: 'Choose when the poll ends' }]}>
              <DateTimeField aria-label="Poll ends" style={{ width: '100%' }} />
            </Form.Item>
          </Card>
        )}
        <Flex gap={24} wrap>
          <Form.Item name="audience" label="Who can see it">
            <Radio.Group options={feedAudiences.map((value) => ({ value, label: audienceLabels[value] }))} />
          </Form.Item>
          {audience === 'sale' && (
            <Form.Item name="price" label="Price (tokens)" rules={amountRules(UNLOCK_PRICE)}>
              <AmountInput />
            </Form.Item>
          )}
        </Flex>
        <Flex gap={24} wrap>
          <Form.Item name="scheduled" label="Publish later" valuePropName="checked">
            <Switch />
          </Form.Item>
          {scheduled && (
            <Form.Item name="scheduleAt" label="Publish at" rules={[{ required: true, message: 'Choose when to publish' }]}>
              <DateTimeField aria-label="Publish at" />
            </Form.Item>
          )}
          <Form.Item name="isPinned" label="Pin to my page" valuePropName="checked">
            <Switch />
          </Form.Item>
          {feed && (
            <Form.Item name="hidden" label="Hide from fans" valuePropName="checked">
              <Switch />
            </Form.Item>
          )}
        </Flex>
        <Button
          type="primary"
          htmlType="submit"
          loading={creating.isLoading || updating.isLoading}
          disabled={media.busy || thumbnail.busy || teaser.busy}
        >
          {feed ? 'Save' : scheduled ? 'Schedule' : 'Publish'}
        </Button>
      </Form>
    </Card>
  );
}
