import { type EmailCategory, type EmailPreference, emailCategoryLabels } from '@limelight/contracts';
import { Alert, Button, Card, Flex, List, Skeleton, Switch, Typography } from 'antd';
import { errorMessage, toast } from '../../shared/lib/toast';
import { PageTitle } from '../../shared/ui/PageTitle';
import { useGetEmailPreferencesQuery, useUpdateEmailPreferencesMutation } from './api';
import { NotificationSettingsCard } from './NotificationSettingsCard';

const categoryHelp: Record<EmailCategory, string> = {
  messages: 'New conversations, paid messages and private-show requests',
  subscriptions: 'Subscriptions starting, renewing, ending and trials running out',
  purchases: 'Tips, purchases of your content, payouts, orders and refunds in your digest',
  social: 'Comments, replies, mentions, likes and new followers',
  live: 'Creators you follow going live',
  news: 'New posts from creators you subscribe to',
};

/**
 * `/notifications/settings`, the page every e-mail links to: one e-mail switch per category, saved
 * at once, and below it the finer choice per kind, in the app and by e-mail (one store behind both).
 */
export default function NotificationSettingsPage() {
  const { data, isLoading, isError, refetch } = useGetEmailPreferencesQuery();
  const [save, saving] = useUpdateEmailPreferencesMutation();
  const change = (preference: EmailPreference) =>
    save({ body: [preference] })
      .unwrap()
      .then(() => toast.success(`${emailCategoryLabels[preference.category]}: e-mails ${preference.email ? 'on' : 'off'}`))
      .catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <Flex vertical gap={16} className="page-narrow">
      <Card>
        <PageTitle style={{ fontSize: 24, margin: 0 }}>Notification settings</PageTitle>
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          Choose what we e-mail you about. E-mails about your account’s security, receipts, refunds and actions on your account are always
          sent.
        </Typography.Paragraph>
      </Card>
      <Card title="E-mails" size="small">
        {isLoading ? (
          <Skeleton active />
        ) : isError || !data ? (
          <Alert
            type="error"
            showIcon
            message="Your e-mail settings could not be loaded"
            action={<Button onClick={() => void refetch()}>Try again</Button>}
          />
        ) : (
          <List<EmailPreference>
            dataSource={data}
            renderItem={(preference) => (
              <List.Item
                actions={[
                  <Switch
                    key="email"
                    checked={preference.email}
                    loading={saving.isLoading && saving.originalArgs?.body[0]?.category === preference.category}
                    onChange={(email) => void change({ category: preference.category, email })}
                    aria-label={`${emailCategoryLabels[preference.category]} by e-mail`}
                  />,
                ]}
              >
                <List.Item.Meta title={emailCategoryLabels[preference.category]} description={categoryHelp[preference.category]} />
              </List.Item>
            )}
          />
        )}
      </Card>
      <NotificationSettingsCard />
    </Flex>
  );
}
