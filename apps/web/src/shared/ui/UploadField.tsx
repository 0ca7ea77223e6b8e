import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Flex, List, Progress, Typography, Upload } from 'antd';
import type { UploadItem, Uploads } from '../hooks/useUploads';

/** What each kind of upload accepts in the file picker (the server checks the bytes again). */
export const accepts = {
  photo: 'image/jpeg,image/png,image/webp,image/gif',
  video: 'video/mp4,video/quicktime,video/webm,video/x-msvideo',
  audio: 'audio/mpeg,audio/ogg,audio/wav,audio/mp4,audio/x-m4a',
};

/** A picker and the files it sent, each with its own progress bar and a remove button. */
export function UploadField({
  accept,
  multiple,
  uploads,
  label,
  removable = true,
}: {
  accept: string;
  multiple?: boolean;
  uploads: Uploads;
  label: string;
  /** Whether a finished file can be taken off the list (a gallery's photos are removed from the gallery instead). */
  removable?: boolean;
}) {
  return (
    <Flex vertical gap={8}>
      <Upload
        accept={accept}
        multiple={multiple}
        showUploadList={false}
        beforeUpload={(file) => {
          uploads.add(file, !multiple);
          return false;
        }}
      >
        <Button icon={<UploadOutlined aria-hidden />}>{label}</Button>
      </Upload>
      {uploads.items.length > 0 && (
        <List
          size="small"
          bordered
          dataSource={uploads.items}
          renderItem={(item: UploadItem) => (
            <List.Item
              actions={
                removable || !item.file
                  ? [
                      <Button
                        key="remove"
                        size="small"
                        type="text"
                        icon={<DeleteOutlined aria-hidden />}
                        aria-label={`Remove ${item.name}`}
                        onClick={() => uploads.remove(item.uid)}
                      />,
                    ]
                  : []
              }
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
