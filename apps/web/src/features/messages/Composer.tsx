import { DeleteOutlined, PaperClipOutlined, SendOutlined } from '@ant-design/icons';
import { MAX_MESSAGE_FILES, MAX_MESSAGE_LENGTH, type MediaFile } from '@limelight/contracts';
import { Messages } from '@limelight/contracts/constants';
import { Button, Flex, Form, Input, Progress, Typography, Upload } from 'antd';
import { useState } from 'react';
import { errorMessage, toast } from '../../shared/lib/toast';
import { uploadForm } from '../../shared/lib/upload';
import { AmountInput, amountProblem } from '../../shared/ui/AmountInput';
import { accepts } from '../../shared/ui/UploadField';

type Attachment = { key: string; file: File; progress: number; uploaded?: MediaFile; failed?: string };
/** What a composer sends: the words, the uploaded files, and a price that makes the media paid. */
export type MessageContent = { text: string; fileIds: string[]; price?: number };
/** A paid message's price, in tokens (the API's sale price limits); none makes it free. */
const PRICE_LIMITS = { what: 'A message price', min: 0, max: 10_000, optional: true };

const kindOf = (file: File) => (file.type.startsWith('video/') ? 'video' : file.type.startsWith('audio/') ? 'audio' : 'photo');

/**
 * What a member writes, in a thread or to many fans at once: text (Enter sends, Shift+Enter
 * breaks the line), files uploaded as they are chosen (each with its progress), and for a creator
 * a price, which makes the media paid. What was written stays when sending fails.
 */
export function Composer({
  isCreator,
  onSend,
  onTyping,
  sendLabel = 'Send',
}: {
  isCreator: boolean;
  onSend: (content: MessageContent) => Promise<unknown>;
  onTyping?: () => void;
  sendLabel?: string;
}) {
  const [text, setText] = useState('');
  const [price, setPrice] = useState<number | null>(null);
  const [attachments, setAttachments] = useState<Attachment[]>([]);
  const [isLoading, setLoading] = useState(false);
  const [sendFailure, setSendFailure] = useState<string>();

  const uploading = attachments.some((item) => !item.uploaded && !item.failed);
  const ready = attachments.filter((item) => item.uploaded);
  const tooLong = text.length > MAX_MESSAGE_LENGTH;
  const priceProblem = amountProblem(price, PRICE_LIMITS);
  const pricedWithoutMedia = !!price && !ready.length;
  const canSend = (text.trim() || ready.length) && !uploading && !tooLong && !priceProblem && !pricedWithoutMedia && !isLoading;

  const attach = (file: File) => {
    if (attachments.length >= MAX_MESSAGE_FILES) {
      toast.error(`A message takes at most ${MAX_MESSAGE_FILES} files`);
      return false;
    }
    const key = crypto.randomUUID();
    setAttachments((current) => [...current, { key, file, progress: 0 }]);
    const body = new FormData();
    body.append('file', file);
    const update = (change: Partial<Attachment>) =>
      setAttachments((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
    uploadForm<MediaFile>(`/messages/public/file/${kindOf(file)}`, body, (progress) => update({ progress }))
      .then((uploaded) => update({ uploaded, progress: 100 }))
      .catch((error: unknown) => {
        update({ failed: errorMessage(error) });
        toast.error(errorMessage(error));
      });
    return false;
  };

  const submit = async () => {
    if (!canSend) return;
    setLoading(true);
    setSendFailure(undefined);
    try {
      await onSend({ text: text.trim(), fileIds: ready.map((item) => item.uploaded!._id), ...(price ? { price } : {}) });
      setText('');
      setPrice(null);
      setAttachments([]);
    } catch (error) {
      // The text and files stay, so nothing typed is lost, and the error stays beside them (spec 4:
      // send errors are kept in state) until the next try.
      setSendFailure(errorMessage(error, Messages.genericError));
    } finally {
      setLoading(false);
    }
  };

  return (
    <Form className="composer" onFinish={submit} aria-label="Write a message">
      {sendFailure && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginBottom: 8 }}>
          Not sent: {sendFailure}
        </Typography.Text>
      )}
      {attachments.length > 0 && (
        <Flex vertical gap={4} style={{ marginBottom: 8 }}>
          {attachments.map((item) => (
            <Flex key={item.key} gap={8} align="center">
              <Typography.Text ellipsis style={{ maxWidth: 200 }}>
                {item.file.name}
              </Typography.Text>
              <Progress
                percent={item.progress}
                size="small"
                status={item.failed ? 'exception' : item.uploaded ? 'success' : 'active'}
                style={{ flex: 1, margin: 0 }}
                aria-label={`Upload of ${item.file.name}`}
              />
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined aria-hidden />}
                aria-label={`Remove ${item.file.name}`}
                onClick={() => setAttachments((current) => current.filter((other) => other.key !== item.key))}
              />
            </Flex>
          ))}
        </Flex>
      )}
      <Flex gap={8} align="flex-end">
        <Upload accept={[accepts.photo, accepts.video, accepts.audio].join(',')} multiple showUploadList={false} beforeUpload={attach}>
          <Button icon={<PaperClipOutlined aria-hidden />} aria-label="Attach photos, videos or audio" />
        </Upload>
        <Input.TextArea
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onTyping?.();
          }}
          onPressEnter={(event) => {
            if (event.shiftKey) return;
            event.preventDefault();
            void submit();
          }}
          autoSize={{ minRows: 1, maxRows: 6 }}
          placeholder="Write a message"
          aria-label="Message"
          status={tooLong ? 'error' : undefined}
        />
        <Button
          type="primary"
          htmlType="submit"
          icon={<SendOutlined aria-hidden />}
          loading={isLoading}
          disabled={!canSend}
          aria-label={sendLabel}
        />
      </Flex>
      {tooLong && (
        <Typography.Text type="danger" role="alert">
          A message is at most {MAX_MESSAGE_LENGTH} characters ({text.length} now)
        </Typography.Text>
      )}
      {isCreator && (
        <Flex gap={8} align="center" wrap style={{ marginTop: 8 }}>
          <Typography.Text type="secondary" id="message-price-label">
            Price (optional)
          </Typography.Text>
          <AmountInput value={price} onChange={setPrice} aria-labelledby="message-price-label" placeholder="Free" />
          {(priceProblem || pricedWithoutMedia) && (
            <Typography.Text type="danger" role="alert">
              {priceProblem ?? 'Attach the photo, video or audio the fan pays to see'}
            </Typography.Text>
          )}
        </Flex>
      )}
    </Form>
  );
}
