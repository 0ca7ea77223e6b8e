import type { FormInstance } from 'antd';

/**
 * A field's name as people read it: "currentPassword" is "Current password", "items.0.price"
 * "Items 1 price", an id the thing it names ("addressId" is "Address").
 */
export function fieldWords(field: string): string {
  const words = field
    .split('.')
    .flatMap((part) => (/^\d+$/.test(part) ? [String(Number(part) + 1)] : part.split(/(?=[A-Z])/).map((word) => word.toLowerCase())));
  if (words.length > 1 && words.at(-1) === 'id') words.pop();
  const text = words.map((word) => (word === 'id' ? 'ID' : word)).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Shows the fields a 4xx answer names under the matching form inputs, in words. */
export function applyFieldErrors<T>(form: FormInstance<T>, error: unknown) {
  const details = (error as { data?: { details?: Array<{ field: string; message: string }> } })?.data?.details ?? [];
  form.setFields(details.map((detail) => ({ name: detail.field as never, errors: [`${fieldWords(detail.field)} ${detail.message}`] })));
}
