import { Messages } from '@limelight/contracts/constants';
import type { MessageInstance } from 'antd/es/message/interface';
import { describe, expect, it, vi } from 'vitest';
import { errorMessage, setToastInstance, TOAST_SECONDS, toast } from './toast';

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

describe('the error catalogue (spec 8)', () => {
  it("raises 'Something went wrong, please try again later' and 'Action success' by default", () => {
    const holder = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
    setToastInstance(holder as unknown as MessageInstance);
    toast.error();
    toast.success();
    expect(holder.error).toHaveBeenCalledWith('Something went wrong, please try again later', TOAST_SECONDS);
    expect(holder.success).toHaveBeenCalledWith('Action success', TOAST_SECONDS);
  });

  it("shows the server's own message, else the fallback the situation names", () => {
    const refused = { status: 409, data: { statusCode: 409, code: 'CONFLICT', message: 'This username is taken' } };
    expect(errorMessage(refused)).toBe('This username is taken');
    expect(errorMessage(refused, Messages.genericError)).toBe('This username is taken');
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, Messages.genericError)).toBe(
      'Error occurred, please try again later',
    );
    expect(errorMessage(undefined, Messages.incorrectCredentials)).toBe('Incorrect credentials!');
    expect(errorMessage({ status: 400, data: {} })).toBe('Something went wrong, please try again later');
  });

  it('never shows words not meant for people: a crash, a proxy page, a body without our codes', () => {
    const crash = { status: 500, data: { statusCode: 500, code: 'INTERNAL_ERROR', message: 'relation "users" does not exist' } };
    expect(errorMessage(crash)).toBe(Messages.defaultErrorToast);
    expect(errorMessage({ status: 502, data: { message: 'upstream connect error or disconnect/reset before headers' } })).toBe(
      Messages.defaultErrorToast,
    );
    expect(errorMessage({ status: 502, data: '<html>Bad gateway</html>' }, Messages.genericError)).toBe(Messages.genericError);
    // What the client says itself (an upload cut off) and a maintenance answer are for people.
    expect(errorMessage({ status: 0, data: { message: 'The upload failed: check your connection and try again' } })).toBe(
      'The upload failed: check your connection and try again',
    );
    const maintenance = {
      status: 503,
      data: { code: 'SITE_IN_MAINTENANCE', message: 'The site is under maintenance: please come back soon' },
    };
    expect(errorMessage(maintenance)).toBe('The site is under maintenance: please come back soon');
  });
});
