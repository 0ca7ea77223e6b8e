import { z } from 'zod';

/** Spec 3, Country. `region` is the continent code, or empty where there is none. */
export const countryRegions = ['AS', 'EU', 'AF', 'OC', 'NA', 'SA', 'AN', 'Americas', ''] as const;

export const countrySchema = z.object({
  name: z.string(),
  code: z.string().length(2),
  capital: z.string(),
  region: z.enum(countryRegions),
  currency: z.object({ code: z.string(), name: z.string(), symbol: z.string() }).nullable(),
  language: z.object({ code: z.string(), name: z.string(), nativeName: z.string().optional() }),
  /** A URL on the API host: /api/flags/{lower-case code}.svg */
  flag: z.string(),
});
export type Country = z.infer<typeof countrySchema>;

export const stateSchema = z.object({ code: z.string(), name: z.string() });
export type State = z.infer<typeof stateSchema>;

export const citySchema = z.object({ name: z.string(), latitude: z.string().nullable(), longitude: z.string().nullable() });
export type City = z.infer<typeof citySchema>;

export const languageSchema = z.object({ code: z.string(), name: z.string(), nativeName: z.string() });
export type Language = z.infer<typeof languageSchema>;

export const phoneCodeSchema = z.object({ code: z.string(), name: z.string(), countryCode: z.string() });
export type PhoneCode = z.infer<typeof phoneCodeSchema>;
