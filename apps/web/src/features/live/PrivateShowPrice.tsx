import { Button, Flex, Form, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { usePublicSettingsQuery } from '../../shared/api/settings';
import { formatTokens } from '../../shared/lib/money';
import { errorMessage, toast } from '../../shared/lib/toast';
import { AmountInput, amountProblem } from '../../shared/ui/AmountInput';
import { useGetStreamSettingsQuery, useUpdateStreamSettingsMutation } from './api';

/** The creator's price a minute for private shows; 0 takes no requests. */
export function PrivateShowPrice() {
  const { data: settings } = useGetStreamSettingsQuery();
  const { data: site } = usePublicSettingsQuery();
  const [update, { isLoading }] = useUpdateStreamSettingsMutation();
  const [price, setPrice] = useState<number | null>(null);
  useEffect(() => {
    if (settings) setPrice(settings.privateShowPrice);
  }, [settings]);
  const min = site?.minimumStreamPrice ?? 1;
  const max = site?.maximumStreamPrice ?? 1000;
  const refused = price === 0 ? undefined : amountProblem(price, { what: 'A private show minute', min, max });
  const save = () =>
    update({ body: { privateShowPrice: price ?? 0 } })
      .unwrap()
      .then((saved) =>
        toast.success(saved.privateShowPrice ? `Private shows: ${formatTokens(saved.privateShowPrice)} a minute` : 'Private shows are off'),
      )
      .catch((error: unknown) => toast.error(errorMessage(error)));
  return (
    <Form layout="vertical" name="private-show-price" onFinish={save}>
      <Form.Item
        label="Private show price (tokens a minute)"
        extra={`0 takes no requests; else from ${min} to ${max} tokens`}
        validateStatus={refused ? 'error' : undefined}
        help={refused}
      >
        <Flex gap={8}>
          <AmountInput value={price} onChange={setPrice} aria-label="Private show price" style={{ width: 160 }} />
          <Button htmlType="submit" loading={isLoading} disabled={!!refused || !settings}>
            Save price
          </Button>
        </Flex>
      </Form.Item>
      {settings && (
        <Typography.Text type="secondary">
          {settings.privateShowPrice ? `Now ${formatTokens(settings.privateShowPrice)} a minute.` : 'Private shows are off now.'}
        </Typography.Text>
      )}
    </Form>
  );
}
