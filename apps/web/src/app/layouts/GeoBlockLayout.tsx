import { GlobalOutlined } from '@ant-design/icons';
import { Result } from '../../shared/ui/Result';
import { BlankLayout } from './BlankLayout';

/** Shown in place of every screen to visitors from a country the site is blocked in. */
export function GeoBlockLayout({ siteName }: { siteName?: string }) {
  return (
    <BlankLayout>
      <Result
        data-testid="geo-block-page"
        icon={<GlobalOutlined aria-hidden />}
        title={`${siteName ?? 'This site'} is not available in your country`}
        subTitle="We are sorry: access from your location is restricted."
      />
    </BlankLayout>
  );
}
