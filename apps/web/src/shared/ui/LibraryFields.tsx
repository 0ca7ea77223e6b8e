import { libraryStatuses } from '@limelight/contracts';
import { Flex, Form, InputNumber, Radio, Switch } from 'antd';
import { libraryStatusLabels } from './LibraryCard';

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
          <Form.Item name="price" label="Price (tokens)" rules={[{ required: true, message: 'Enter a price' }]}>
            <InputNumber min={0} max={10000} precision={2} />
          </Form.Item>
        )}
      </Flex>
    </>
  );
}
