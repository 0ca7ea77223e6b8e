import { libraryStatuses } from '@limelight/contracts';
import { Flex, Form, Radio, Switch } from 'antd';
import { AmountInput, amountRules } from './AmountInput';
import { libraryStatusLabels } from './LibraryCard';

/** What a creator may ask for one item. */
export const ITEM_PRICE = { what: 'A price', min: 0, max: 10000 };

/** Who sees a video or gallery: its visibility, and whether it is sold alone (at a price) or to subscribers. */
export function LibraryAccessFields({ isSale }: { isSale?: boolean }) {
  return (
    <>
      <Form.Item name="status" label="Visibility">
        <Radio.Group optionType="button" options={libraryStatuses.map((value) => ({ value, label: libraryStatusLabels[value] }))} />
      </Form.Item>
      <Flex gap={24} wrap>
        <Form.Item name="isSale" label="Pay to unlock" valuePropName="checked" extra="Otherwise subscribers see it.">
          <Switch />
        </Form.Item>
        {isSale && (
          <Form.Item name="price" label="Price (tokens)" rules={amountRules(ITEM_PRICE)}>
            <AmountInput />
          </Form.Item>
        )}
      </Flex>
    </>
  );
}
