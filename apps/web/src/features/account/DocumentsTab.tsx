import { CheckCircleFilled, UploadOutlined } from '@ant-design/icons';
import { type PerformerAccount, type PerformerDocumentField, performerDocumentFields } from '@limelight/contracts';
import { Alert, Button, Flex, List, Progress, Tag, Typography, Upload } from 'antd';
import { useState } from 'react';
import { api } from '../../shared/lib/api';
import { useAppDispatch } from '../../shared/lib/store';
import { errorMessage, toast } from '../../shared/lib/toast';
import { uploadForm } from '../../shared/lib/upload';

const labels: Record<PerformerDocumentField, string> = {
  idVerification: 'Photo of your ID',
  documentVerification: 'Selfie holding your ID',
};

/** The identity documents the admin reviews; they can be replaced until they are verified. */
export function DocumentsTab({ account }: { account: PerformerAccount }) {
  const dispatch = useAppDispatch();
  const [uploading, setUploading] = useState<{ field: PerformerDocumentField; percent: number }>();
  const upload = async (field: PerformerDocumentField, file: File) => {
    const form = new FormData();
    form.append(field, file);
    setUploading({ field, percent: 0 });
    try {
      await uploadForm<PerformerAccount>('/performers/documents/upload', form, (percent) => setUploading({ field, percent }));
      dispatch(api.util.invalidateTags(['PerformerAccount']));
      toast.success(`${labels[field]} uploaded`);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setUploading(undefined);
    }
  };

  return (
    <Flex vertical gap={16}>
      {account.verifiedDocument ? (
        <Alert type="success" showIcon title="Your documents are verified" description="Fans can find you in search." />
      ) : account.verification.status === 'rejected' ? (
        <Alert
          type="error"
          showIcon
          title="Your documents were not approved"
          description={
            <>
              <Typography.Paragraph style={{ marginBottom: 4 }}>
                The reason: <strong data-testid="rejection-reason">{account.verification.reason}</strong>
              </Typography.Paragraph>
              Send new documents below; we review them again.
            </>
          }
        />
      ) : (
        <Alert
          type="info"
          showIcon
          title="Waiting for review"
          description="Fans find you in search once an administrator has checked your documents. JPEG, PNG, WebP or PDF, up to 10 MB."
        />
      )}
      <List
        bordered
        dataSource={[...performerDocumentFields]}
        renderItem={(field) => (
          <List.Item
            actions={
              account.verifiedDocument
                ? []
                : [
                    <Upload
                      key="upload"
                      accept="image/jpeg,image/png,image/webp,application/pdf"
                      showUploadList={false}
                      beforeUpload={(file) => {
                        void upload(field, file);
                        return false;
                      }}
                    >
                      <Button
                        icon={<UploadOutlined aria-hidden />}
                        loading={uploading?.field === field}
                        aria-label={`${account.documents[field] ? 'Replace' : 'Upload'} ${labels[field]}`}
                      >
                        {account.documents[field] ? 'Replace' : 'Upload'}
                      </Button>
                    </Upload>,
                  ]
            }
          >
            <Flex vertical gap={4} style={{ width: '100%' }}>
              <span>
                {labels[field]}{' '}
                {account.documents[field] ? (
                  <Tag icon={<CheckCircleFilled aria-hidden />} color="success">
                    on file
                  </Tag>
                ) : (
                  <Tag color="warning">missing</Tag>
                )}
              </span>
              {uploading?.field === field && (
                <Progress percent={uploading.percent} size="small" aria-label={`${labels[field]} upload progress`} />
              )}
            </Flex>
          </List.Item>
        )}
      />
    </Flex>
  );
}
