import { ToolOutlined } from '@ant-design/icons';
import { Result } from '../shared/ui/Result';
import { BlankLayout } from './layouts/BlankLayout';

export function MaintenancePage({ image, siteName }: { image?: string; siteName?: string }) {
  return (
    <BlankLayout>
      <Result
        data-testid="maintenance-page"
        icon={image ? <img src={image} alt="" style={{ maxWidth: 'min(480px, 90vw)', borderRadius: 12 }} /> : <ToolOutlined aria-hidden />}
        title={`${siteName ?? 'The site'} is under maintenance`}
        subTitle="We are making things better. Please come back soon."
      />
    </BlankLayout>
  );
}
