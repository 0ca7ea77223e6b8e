import type { FormInstance } from 'antd';

/** Shows the fields a 4xx answer names under the matching form inputs. */
export function applyFieldErrors<T>(form: FormInstance<T>, error: unknown) {
  const details = (error as { data?: { details?: Array<{ field: string; message: string }> } })?.data?.details ?? [];
  form.setFields(details.map((detail) => ({ name: detail.field as never, errors: [`${detail.field} ${detail.message}`] })));
}
