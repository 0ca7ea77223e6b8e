import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

/** An antd form rule from the same zod schema the API validates with: one source of truth. */
export const zodRule = (schema: z.ZodType, label: string): Rule => ({
  validator: async (_rule, value) => {
    const result = schema.safeParse(value === '' ? undefined : value);
    if (!result.success) throw new Error(`${label} ${result.error.issues[0]?.message ?? 'is invalid'}`);
  },
});
