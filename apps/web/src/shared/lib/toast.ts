import { Messages } from '@limelight/contracts/constants';
import type { MessageInstance } from 'antd/es/message/interface';

/** Toasts last 3 seconds (spec 9). */
export const TOAST_SECONDS = 3;

/**
 * antd's message API must come from inside <App> to follow the theme; the app shell hands it
 * over here so that non-component code (the API layer) can raise toasts too.
 */
let instance: MessageInstance | undefined;
export const setToastInstance = (next: MessageInstance) => {
  instance = next;
};

export const toast = {
  success: (text: string = Messages.defaultSuccessToast) => instance?.success(text, TOAST_SECONDS),
  error: (text: string = Messages.defaultErrorToast) => instance?.error(text, TOAST_SECONDS),
  info: (text: string) => instance?.info(text, TOAST_SECONDS),
};

/** The message of an API error body, else the given fallback (spec 8). */
export function errorMessage(error: unknown, fallback: string = Messages.defaultErrorToast): string {
  const data = (error as { data?: { message?: unknown } } | undefined)?.data;
  return typeof data?.message === 'string' && data.message ? data.message : fallback;
}

export function errorCode(error: unknown): string | undefined {
  const data = (error as { data?: { code?: unknown } } | undefined)?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}
