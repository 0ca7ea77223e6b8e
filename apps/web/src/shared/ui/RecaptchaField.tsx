import { Form } from 'antd';
import { useEffect, useRef } from 'react';
import { usePublicSettingsQuery } from '../api/settings';

type Grecaptcha = {
  ready(callback: () => void): void;
  render(element: HTMLElement, options: { sitekey: string; callback: (token: string) => void; 'expired-callback': () => void }): number;
  reset(widgetId: number): void;
};
declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_URL = 'https://www.google.com/recaptcha/api.js?render=explicit';
let scriptLoading: Promise<Grecaptcha> | undefined;

/** Loads Google's widget script once per page. */
function loadRecaptcha(): Promise<Grecaptcha> {
  scriptLoading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SCRIPT_URL;
    script.async = true;
    script.onload = () => window.grecaptcha!.ready(() => resolve(window.grecaptcha!));
    script.onerror = () => {
      scriptLoading = undefined;
      reject(new Error('reCAPTCHA could not load'));
    };
    document.head.append(script);
  });
  return scriptLoading;
}

function RecaptchaWidget({ siteKey, value, onChange }: { siteKey: string; value?: string; onChange?: (token?: string) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const widget = useRef<{ id: number; recaptcha: Grecaptcha }>(undefined);
  const change = useRef(onChange);
  change.current = onChange;

  useEffect(() => {
    let cancelled = false;
    loadRecaptcha()
      .then((recaptcha) => {
        if (cancelled || !container.current || widget.current) return;
        const id = recaptcha.render(container.current, {
          sitekey: siteKey,
          callback: (token) => change.current?.(token),
          'expired-callback': () => change.current?.(undefined),
        });
        widget.current = { id, recaptcha };
      })
      .catch(() => change.current?.(undefined));
    return () => {
      cancelled = true;
    };
  }, [siteKey]);

  // A token works once: when the form clears it after a refused submit, ask for a new one.
  useEffect(() => {
    if (!value && widget.current) widget.current.recaptcha.reset(widget.current.id);
  }, [value]);

  return <div ref={container} />;
}

/**
 * The "I'm not a robot" check, as the form field `recaptchaToken`, shown only when the admin has
 * switched reCAPTCHA on. After a refused submit, clear the field to get a fresh challenge.
 */
export function RecaptchaField() {
  const { data: settings } = usePublicSettingsQuery();
  if (!settings?.enableGoogleReCaptcha || !settings.googleReCaptchaSiteKey) return null;
  return (
    <Form.Item name="recaptchaToken" rules={[{ required: true, message: 'Please confirm that you are not a robot' }]}>
      <RecaptchaWidget siteKey={settings.googleReCaptchaSiteKey} />
    </Form.Item>
  );
}
