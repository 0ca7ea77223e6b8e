import { CopyOutlined } from '@ant-design/icons';
import { Messages } from '@limelight/contracts/constants';
import { Button } from 'antd';
import { toast } from '../lib/toast';

/** Copies text and says 'Copied to clipboard' (spec 8). */
export function CopyButton({ text, label = 'Copy link' }: { text: string | (() => string); label?: string }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(typeof text === 'function' ? text() : text);
      toast.success(Messages.copied);
    } catch {
      toast.error();
    }
  };
  return (
    <Button icon={<CopyOutlined aria-hidden />} onClick={copy}>
      {label}
    </Button>
  );
}
