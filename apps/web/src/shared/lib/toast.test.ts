import type { MessageInstance } from 'antd/es/message/interface';
import { describe, expect, it, vi } from 'vitest';
import { setToastInstance, TOAST_SECONDS, toast } from './toast';

describe('toasts (spec 9)', () => {
  it('keeps a toast raised before antd has loaded and shows it, for 3 s, when the holder arrives', () => {
    toast.error('Forbidden in the action!');
    const holder = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
    setToastInstance(holder as unknown as MessageInstance);
    expect(holder.error).toHaveBeenCalledWith('Forbidden in the action!', TOAST_SECONDS);
    toast.success('Saved');
    expect(holder.success).toHaveBeenCalledWith('Saved', TOAST_SECONDS);
    expect(holder.error).toHaveBeenCalledTimes(1);
  });
});
