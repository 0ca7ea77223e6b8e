import { ErrorCode, Messages } from '@limelight/contracts/constants';
import type { MessageInstance } from 'antd/es/message/interface';

/** Toasts last 3 seconds (spec 9). */
export const TOAST_SECONDS = 3;

/**
 * antd's message API must come from inside the theme to follow it; the app's toast holder hands it
 * over here so that non-component code (the API layer) can raise toasts too. antd loads after the
 * entry (decision 020): a toast raised before (a refused session at start) waits for it.
 */
type Kind = 'success' | 'error' | 'info';
let instance: MessageInstance | undefined;
const waiting: Array<[Kind, string]> = [];
export const setToastInstance = (next: MessageInstance) => {
  instance = next;
  for (const [kind, text] of waiting.splice(0)) show(kind, text);
};

function show(kind: Kind, text: string) {
  if (instance) void instance[kind](text, TOAST_SECONDS);
  else waiting.push([kind, text]);
}

export const toast = {
  success: (text: string = Messages.defaultSuccessToast) => show('success', text),
  error: (text: string = Messages.defaultErrorToast) => show('error', text),
  info: (text: string) => show('info', text),
};

/** The codes our API answers people with; an internal error's words are never shown, whatever they say. */
const SPOKEN_CODES = new Set<string>(Object.values(ErrorCode).filter((code) => code !== ErrorCode.internal));

/**
 * The message of an API error body, else the given fallback (spec 8: the server's message wins).
 * Only words the API wrote for people are shown: its error shape with one of its codes, or the
 * client's own (an upload cut off, status 0). A crash, a proxy's error page or any other body
 * gives the fallback.
 */
export function errorMessage(error: unknown, fallback: string = Messages.defaultErrorToast): string {
  const { status, data } = (error ?? {}) as { status?: unknown; data?: { message?: unknown; code?: unknown } };
  const message = data?.message;
  if (typeof message !== 'string' || !message) return fallback;
  const spoken = status === 0 || (typeof data?.code === 'string' && SPOKEN_CODES.has(data.code));
  return spoken ? message : fallback;
}

export function errorCode(error: unknown): string | undefined {
  const data = (error as { data?: { code?: unknown } } | undefined)?.data;
  return typeof data?.code === 'string' ? data.code : undefined;
}
