import type { ModeratedItem } from '@limelight/contracts';
import { Button, Card, Empty, Form, Input, List, Modal, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { formatMoment } from '../../shared/lib/dates';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { labelOf, moderationTargetLabels, useAppealModeratedItemMutation, useListMyModeratedItemsQuery } from '../community';
import { HeldTag, heldLabel } from './HeldTag';

/** `/moderation`: what moderation hid or removed of yours, why, and one appeal each. */
export default function ModerationPage() {
  const { data, isLoading } = useListMyModeratedItemsQuery();
  const [appealing, setAppealing] = useState<ModeratedItem>();
  const [appeal, { isLoading: sending }] = useAppealModeratedItemMutation();
  const [form] = Form.useForm<{ text: string }>();

  const submit = async ({ text }: { text: string }) => {
    try {
      toast.success((await appeal({ targetId: appealing!.targetId, body: { text } }).unwrap()).message);
      setAppealing(undefined);
      form.resetFields();
    } catch (error) {
      toast.error(errorMessage(error));
    }
  };

  return (
    <Card className="page-narrow">
      <PageTitle>Moderation</PageTitle>
      {isLoading ? (
        <Skeleton active />
      ) : !data?.length ? (
        <Empty description="Nothing of yours has been moderated" />
      ) : (
        <List<ModeratedItem>
          dataSource={data}
          renderItem={(item) => (
            <List.Item
              actions={[
                item.state === 'review' ? null : item.appealedAt ? (
                  <Tag key="appeal">{item.appealDecision ? `Appeal ${item.appealDecision.split(':')[0]}` : 'Appeal under review'}</Tag>
                ) : (
                  <Button key="appeal" onClick={() => setAppealing(item)}>
                    Appeal
                  </Button>
                ),
              ]}
            >
              <List.Item.Meta
                title={
                  <>
                    {labelOf(moderationTargetLabels, item.targetType)} <HeldTag hold={item} />
                  </>
                }
                description={
                  <>
                    <Typography.Text>
                      {item.prePublication
                        ? 'Waiting for review before publication: fans see it once an administrator approves it.'
                        : heldLabel(item)}
                    </Typography.Text>
                    <br />
                    <Typography.Text type="secondary">{formatMoment(item.createdAt)}</Typography.Text>
                  </>
                }
              />
            </List.Item>
          )}
        />
      )}
      <Modal
        open={!!appealing}
        title="Appeal this decision"
        okText="Send appeal"
        confirmLoading={sending}
        onOk={() => form.submit()}
        onCancel={() => setAppealing(undefined)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">You can appeal once. Say why the decision is wrong.</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="text" label="Your appeal" rules={[{ required: true, min: 10, message: 'Your appeal: at least 10 characters' }]}>
            <Input.TextArea rows={4} maxLength={2000} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
