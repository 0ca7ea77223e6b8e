import { DeleteOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { MAX_IMAGE_UPLOAD_BYTES, type MediaFile } from '@limelight/contracts';
import { Button, Flex, Form, List, Progress, Tag, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { toast } from '../../shared/lib/toast';
import { accepts } from '../../shared/ui/UploadField';
import { fileProgress } from './shop-rules';

/** What the form sends, in the order it sends it, and how far the one request has gone. */
export type ChosenFiles = { images: File[]; digitalFile?: File; progress?: number };

/** What a digital product may be (the API checks the bytes again). */
const DOWNLOAD_ACCEPTS = `application/pdf,application/zip,.zip,.epub,${accepts.photo},video/mp4,video/quicktime,video/webm,audio/mpeg,audio/wav,audio/ogg`;
const megabytes = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** Each chosen file's progress bar value while the form is being sent, by its place in the request. */
function progressOf(files: ChosenFiles, file: File) {
  if (files.progress === undefined) return undefined;
  const order = [...files.images, ...(files.digitalFile ? [files.digitalFile] : [])];
  return fileProgress(
    order.map((item) => item.size),
    files.progress,
  )[order.indexOf(file)];
}

function FileBar({ name, percent }: { name: string; percent?: number }) {
  if (percent === undefined) return null;
  return <Progress percent={percent} size="small" status={percent < 100 ? 'active' : 'success'} aria-label={`Upload of ${name}`} />;
}

/** A chosen image, shown from the disk before it is sent. */
function LocalThumbnail({ file }: { file: File }) {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url ? <img src={url} alt="" width={48} height={48} className="product-thumb" /> : null;
}

/** Up to `max` images, the first the cover; chosen ones replace the product's current set. */
export function ImagesPicker({
  current,
  chosen,
  onChange,
  max,
  progress,
}: {
  current: MediaFile[];
  chosen: File[];
  onChange: (files: File[]) => void;
  max: number;
  progress: ChosenFiles;
}) {
  const add = (batch: File[]) => {
    const tooBig = batch.find((file) => file.size > MAX_IMAGE_UPLOAD_BYTES);
    if (tooBig) return toast.error(`${tooBig.name} is larger than ${megabytes(MAX_IMAGE_UPLOAD_BYTES)}, the limit for an image`);
    if (chosen.length + batch.length > max) return toast.error(`A product has at most ${max} images`);
    onChange([...chosen, ...batch]);
  };
  const sending = progress.progress !== undefined;
  return (
    <Form.Item
      label="Images"
      extra={`Up to ${max}; the first is the cover.${current.length ? ' Choosing images replaces the current ones.' : ''}`}
    >
      <Flex vertical gap={8}>
        {current.length > 0 && !chosen.length && (
          <Flex gap={8} wrap>
            {current.map((image, index) => (
              <img
                key={image._id}
                src={image.thumbnailUrl ?? image.url ?? ''}
                alt={index === 0 ? 'Current cover' : `Current image ${index + 1}`}
                width={64}
                height={64}
                className="product-thumb"
              />
            ))}
          </Flex>
        )}
        <Upload
          accept={accepts.photo}
          multiple
          showUploadList={false}
          disabled={sending}
          beforeUpload={(file, batch) => {
            // antd calls this once per file of a selection: the whole selection is taken at its first.
            if (file === batch[0]) add(batch);
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} disabled={sending}>
            Choose images
          </Button>
        </Upload>
        {chosen.length > 0 && (
          <List
            size="small"
            bordered
            dataSource={chosen}
            renderItem={(file, index) => (
              <List.Item
                actions={[
                  index > 0 && (
                    <Button
                      key="cover"
                      size="small"
                      disabled={sending}
                      onClick={() => onChange([file, ...chosen.filter((item) => item !== file)])}
                    >
                      Make cover
                    </Button>
                  ),
                  <Button
                    key="remove"
                    size="small"
                    type="text"
                    disabled={sending}
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={`Remove ${file.name}`}
                    onClick={() => onChange(chosen.filter((item) => item !== file))}
                  />,
                ].filter(Boolean)}
              >
                <Flex vertical style={{ width: '100%', minWidth: 0 }}>
                  <Flex gap={8} align="center">
                    <LocalThumbnail file={file} />
                    <Typography.Text ellipsis>{file.name}</Typography.Text>
                    {index === 0 && <Tag color="blue">Cover</Tag>}
                  </Flex>
                  <FileBar name={file.name} percent={progressOf(progress, file)} />
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Flex>
    </Form.Item>
  );
}

/** The file a digital product's buyers download, kept byte for byte; sent on an edit, it replaces the current one. */
export function DigitalFilePicker({
  hasCurrent,
  chosen,
  onChange,
  maxBytes,
  progress,
}: {
  hasCurrent: boolean;
  chosen?: File;
  onChange: (file?: File) => void;
  maxBytes: number;
  progress: ChosenFiles;
}) {
  const sending = progress.progress !== undefined;
  return (
    <Form.Item
      label="File to deliver"
      extra={`A PDF, ZIP, EPUB, picture, video or sound, up to ${megabytes(maxBytes)}. Buyers download it as it is; nobody else can.`}
    >
      <Flex vertical gap={8}>
        {hasCurrent && !chosen && <Typography.Text type="secondary">A file is set. Choose one only to replace it.</Typography.Text>}
        <Upload
          accept={DOWNLOAD_ACCEPTS}
          showUploadList={false}
          disabled={sending}
          beforeUpload={(file) => {
            if (file.size > maxBytes) toast.error(`${file.name} is larger than ${megabytes(maxBytes)}, the limit for a file`);
            else onChange(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined aria-hidden />} disabled={sending}>
            {hasCurrent ? 'Replace file' : 'Choose file'}
          </Button>
        </Upload>
        {chosen && (
          <Flex vertical className="product-file">
            <Flex gap={8} align="center">
              <FileOutlined aria-hidden />
              <Typography.Text ellipsis>{chosen.name}</Typography.Text>
              <Button
                size="small"
                type="text"
                disabled={sending}
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Do not upload ${chosen.name}`}
                onClick={() => onChange(undefined)}
              />
            </Flex>
            <FileBar name={chosen.name} percent={progressOf(progress, chosen)} />
          </Flex>
        )}
      </Flex>
    </Form.Item>
  );
}
