import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { type LibraryStatus, MAX_VIDEO_UPLOAD_BYTES, type Video } from '@limelight/contracts';
import { Button, Card, Flex, Form, Input, Popconfirm, Progress, Select, Skeleton, Typography, Upload } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../shared/lib/api';
import { applyFieldErrors } from '../../shared/lib/form-errors';
import { VIDEO_LIMITS_TEXT } from '../../shared/lib/media-limits';
import { useAppDispatch } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { uploadForm } from '../../shared/lib/upload';
import { AltTextFields, useAltTexts } from '../../shared/ui/AltText';
import { LibraryAccessFields } from '../../shared/ui/LibraryFields';
import { Result } from '../../shared/ui/Result';
import { accepts } from '../../shared/ui/UploadField';
import { savedMessage } from '../moderation';
import { useGetOwnVideoQuery, useRemoveVideoFileMutation } from './api';

type VideoFormValues = { title: string; description: string; tags: string[]; status: LibraryStatus; isSale: boolean; price: number };
type VideoFiles = { video?: File; teaser?: File; thumbnail?: File };

/** `/creator/videos/new`. */
export default function NewVideoPage() {
  return <VideoForm />;
}

/** `/creator/videos/:id/edit`: text fields, a new video, teaser or thumbnail, or take the teaser or thumbnail off. */
export function EditVideoPage() {
  const { id = '' } = useParams();
  const { data: video, isLoading, isError } = useGetOwnVideoQuery({ id });
  if (isLoading) return <Skeleton active className="page-narrow" />;
  if (isError || !video) return <Result status="404" title="Video not found" extra={<Link to="/creator/videos">Back to my videos</Link>} />;
  return <VideoForm video={video} />;
}

/** One multipart request carries the fields and every chosen file, with one progress bar. */
function VideoForm({ video }: { video?: Video }) {
  const [form] = Form.useForm<VideoFormValues>();
  const [chosen, setChosen] = useState<VideoFiles>({});
  const [progress, setProgress] = useState<number>();
  const [removeFile] = useRemoveVideoFileMutation();
  const altTexts = useAltTexts();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const isSale = Form.useWatch('isSale', form);

  const submit = async (values: VideoFormValues) => {
    if (!video && !chosen.video) return toast.error('Choose the video to upload');
    const body = new FormData();
    body.append('title', values.title);
    body.append('description', values.description ?? '');
    body.append('tags', (values.tags ?? []).join(','));
    body.append('status', values.status);
    body.append('isSale', String(values.isSale));
    body.append('price', String(values.isSale ? values.price : 0));
    for (const [name, file] of Object.entries(chosen)) if (file) body.append(name, file);
    setProgress(0);
    try {
      if (video?.thumbnail && !chosen.thumbnail) await altTexts.save([video.thumbnail]);
      const url = video ? `/performer/performer-assets/videos/edit/${video._id}` : '/performer/performer-assets/videos/upload';
      const saved = await uploadForm<Video>(url, body, setProgress, video ? 'PUT' : 'POST');
      dispatch(api.util.invalidateTags(['Videos']));
      toast.success(savedMessage(saved, chosen.video ? 'Video uploaded: it will play once processed' : 'Video saved'));
      navigate('/creator/videos');
    } catch (error) {
      applyFieldErrors(form, error);
      toast.error(errorMessage(error));
    } finally {
      setProgress(undefined);
    }
  };

  const takeOff = (type: 'teaser' | 'thumbnail') =>
    removeFile({ id: video!._id, type })
      .unwrap()
      .then(() => toast.success(`The ${type} is removed`))
      .catch((error: unknown) => toast.error(errorMessage(error)));

  const picker = (name: keyof VideoFiles, accept: string, label: string) => (
    <Flex gap={8} align="center" wrap>
      <Upload
        accept={accept}
        showUploadList={false}
        beforeUpload={(file) => {
          if (name !== 'thumbnail' && file.size > MAX_VIDEO_UPLOAD_BYTES) toast.error(`${file.name} is larger than 500 MB`);
          else setChosen((current) => ({ ...current, [name]: file }));
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{label}</Button>
      </Upload>
      {chosen[name] && (
        <>
          <Typography.Text ellipsis style={{ maxWidth: 240 }}>
            {chosen[name].name}
          </Typography.Text>
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined aria-hidden />}
            aria-label={`Do not upload ${chosen[name].name}`}
            onClick={() => setChosen((current) => ({ ...current, [name]: undefined }))}
          />
        </>
      )}
    </Flex>
  );

  return (
    <Card className="page-narrow">
      <Typography.Title level={2}>{video ? 'Edit video' : 'Upload video'}</Typography.Title>
      <Form<VideoFormValues>
        form={form}
        name="video"
        layout="vertical"
        onFinish={submit}
        requiredMark={false}
        initialValues={{
          title: video?.title ?? '',
          description: video?.description ?? '',
          tags: video?.tags ?? [],
          status: video?.status ?? 'active',
          isSale: video?.isSale ?? false,
          price: video?.isSale ? video.price : 10,
        }}
      >
        <Form.Item label="Video" extra={video ? `Choose a file only to replace the video. ${VIDEO_LIMITS_TEXT}` : VIDEO_LIMITS_TEXT}>
          {video?.video && (
            <Typography.Paragraph type="secondary">
              Current video: {video.video.status === 'finished' ? 'ready' : video.video.status}
            </Typography.Paragraph>
          )}
          {picker('video', accepts.video, video ? 'Replace video' : 'Choose video')}
        </Form.Item>
        <Form.Item name="title" label="Title" rules={[{ required: true, whitespace: true, message: 'Enter a title' }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="description" label="Description">
          <Input.TextArea rows={4} maxLength={5000} showCount />
        </Form.Item>
        <Form.Item name="tags" label="Tags" extra="Up to 10; fans find videos by them.">
          <Select mode="tags" maxCount={10} tokenSeparators={[',', ' ']} open={false} suffixIcon={null} aria-label="Tags" />
        </Form.Item>
        <Form.Item
          label="Thumbnail"
          extra={`The picture fans see before the video plays.${video ? '' : ' Once the video is saved you can describe it for people who cannot see it.'}`}
        >
          {video?.thumbnail && !chosen.thumbnail && (
            <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
              {video.thumbnail.url && <img src={video.thumbnail.url} alt="Current thumbnail" width={96} style={{ borderRadius: 4 }} />}
              <Popconfirm title="Remove the thumbnail?" onConfirm={() => takeOff('thumbnail')}>
                <Button size="small" danger>
                  Remove thumbnail
                </Button>
              </Popconfirm>
            </Flex>
          )}
          {video?.thumbnail && !chosen.thumbnail && <AltTextFields files={[video.thumbnail]} altTexts={altTexts} noun="thumbnail" />}
          {picker('thumbnail', accepts.photo, 'Choose thumbnail')}
        </Form.Item>
        <Form.Item label="Teaser" extra="A short public clip for fans who have not unlocked the video.">
          {video?.teaser && !chosen.teaser && (
            <Flex gap={8} align="center" style={{ marginBottom: 8 }}>
              <Typography.Text type="secondary">A teaser is set.</Typography.Text>
              <Popconfirm title="Remove the teaser?" onConfirm={() => takeOff('teaser')}>
                <Button size="small" danger>
                  Remove teaser
                </Button>
              </Popconfirm>
            </Flex>
          )}
          {picker('teaser', accepts.video, 'Choose teaser')}
        </Form.Item>
        <LibraryAccessFields isSale={isSale} />
        {progress !== undefined && <Progress percent={progress} status="active" aria-label="Upload progress" />}
        <Button type="primary" htmlType="submit" loading={progress !== undefined}>
          {video ? 'Save' : 'Upload'}
        </Button>
      </Form>
    </Card>
  );
}
