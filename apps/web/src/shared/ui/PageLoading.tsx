import { Flex, Spin } from 'antd';

export function PageLoading() {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '40vh' }} role="status" aria-live="polite">
      <Spin size="large" />
    </Flex>
  );
}
