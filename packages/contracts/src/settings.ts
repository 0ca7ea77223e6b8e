import { z } from 'zod';
import { NEW_CREATOR_REVIEW_DAYS, reviewBeforePublicationModes } from './moderation';
import { type PaymentGatewayName, paymentGateways } from './money';
import { countryCodeSchema, looseUrl } from './validation';

export const settingGroups = [
  'general',
  'auth',
  'payment',
  'subscription',
  'wallet',
  'payout',
  'streaming',
  'player',
  'analytics',
] as const;
export type SettingGroup = (typeof settingGroups)[number];

export const menuItemSchema = z.object({
  title: z.string().trim().min(1, 'is required').max(60),
  path: z.string().trim().min(1, 'is required').max(500),
  section: z.enum(['header', 'footer']),
  isNewTab: z.boolean().default(false),
  ordering: z.number().int().default(0),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

type Base = { group: SettingGroup; label: string; description?: string; public: boolean; secret?: boolean; editable?: boolean };
type StringDef = Base & {
  type: 'string' | 'text';
  default: string;
  maxLength?: number;
  /** A shape the value must have, and what the admin is told when it does not. */
  pattern?: { regex: RegExp; message: string };
};
type UrlDef = Base & { type: 'url'; default: string };
type BooleanDef = Base & { type: 'boolean'; default: boolean };
type NumberDef = Base & { type: 'number'; default: number; min: number; max: number; integer?: boolean };
/** `optionLabels`: each option in words for the admin's select (the stored value stays the key). */
type EnumDef = Base & { type: 'enum'; default: string; options: readonly string[]; optionLabels: Record<string, string> };
type MenusDef = Base & { type: 'menus'; default: MenuItem[] };
type CountriesDef = Base & { type: 'countries'; default: string[] };
export type SettingDefinition = StringDef | UrlDef | BooleanDef | NumberDef | EnumDef | MenusDef | CountriesDef;
export type SettingType = SettingDefinition['type'];

const money = (label: string, value: number, group: SettingGroup, max = 1_000_000): NumberDef & { public: true } => ({
  type: 'number',
  group,
  label,
  default: value,
  min: 0,
  max,
  public: true,
});

/**
 * Every admin-configurable setting with its type, default, group and visibility.
 * Defaults follow the spec's section 9; the rest follow domain-rules.md.
 * Secrets are write-only: no endpoint ever returns their value.
 */
export const settingDefinitions = {
  siteName: { type: 'string', group: 'general', label: 'Site name', default: 'Limelight', maxLength: 100, public: true },
  logoUrl: { type: 'url', group: 'general', label: 'Logo URL', default: '', public: true },
  darkmodeLogoUrl: { type: 'url', group: 'general', label: 'Logo URL for dark mode', default: '', public: true },
  favicon: { type: 'string', group: 'general', label: 'Favicon URL', default: '/favicon.ico', maxLength: 500, public: true },
  maintenanceMode: {
    type: 'boolean',
    group: 'general',
    label: 'Maintenance mode',
    description: 'Replaces every screen with the maintenance page for everyone but admins.',
    default: false,
    public: true,
  },
  maintenanceImage: { type: 'url', group: 'general', label: 'Maintenance image URL', default: '', public: true },
  menus: { type: 'menus', group: 'general', label: 'Menus', default: [], public: true },
  footerContent: { type: 'text', group: 'general', label: 'Footer content', default: '', maxLength: 5000, public: true },
  popularSearches: {
    type: 'text',
    group: 'general',
    label: 'Popular searches',
    description:
      'One search a line, shown on Explore in this order. Empty: the searches that found creators for at least three different people.',
    default: '',
    maxLength: 1000,
    public: false,
  },
  reviewBeforePublication: {
    type: 'enum',
    group: 'general',
    label: 'Review before publication',
    description:
      'New posts, stories, videos, galleries, products and profile changes of these creators wait in the moderation queue (Reports, reason "Review before publication") until an admin approves them. A creator is flagged in their account (Accounts).',
    default: 'off',
    options: reviewBeforePublicationModes,
    optionLabels: {
      off: 'Nobody: publish at once',
      all: 'Every creator',
      new: `New creators (verified less than ${NEW_CREATOR_REVIEW_DAYS} days ago) and flagged ones`,
      flagged: 'Only creators flagged by an admin',
    },
    public: false,
  },
  enableProduct: { type: 'boolean', group: 'general', label: 'Enable the product shop', default: true, public: true },
  blockedCountries: {
    type: 'countries',
    group: 'general',
    label: 'Countries the whole site is blocked in',
    description: 'Two-letter codes. Visitors from these countries see the geo-block page.',
    default: [],
    public: false,
  },
  adminEmail: {
    type: 'string',
    group: 'general',
    label: 'Admin e-mail (contact form destination)',
    default: '',
    maxLength: 254,
    public: false,
  },
  senderEmail: {
    type: 'string',
    group: 'general',
    label: 'Sender e-mail',
    default: 'no-reply@limelight.local',
    maxLength: 254,
    public: false,
  },
  requireEmailVerification: {
    type: 'boolean',
    group: 'auth',
    label: 'Require e-mail verification before login',
    default: false,
    public: true,
  },
  enableGoogleReCaptcha: {
    type: 'boolean',
    group: 'auth',
    label: 'reCAPTCHA on registration and the contact form',
    default: false,
    public: true,
  },
  googleReCaptchaSiteKey: { type: 'string', group: 'auth', label: 'reCAPTCHA site key', default: '', maxLength: 255, public: true },
  googleReCaptchaSecretKey: {
    type: 'string',
    group: 'auth',
    label: 'reCAPTCHA secret key',
    default: '',
    maxLength: 255,
    public: false,
    secret: true,
  },
  googleLoginEnabled: { type: 'boolean', group: 'auth', label: 'Sign in with Google', default: false, public: true },
  googleClientId: { type: 'string', group: 'auth', label: 'Google OAuth client id', default: '', maxLength: 255, public: true },
  googleClientSecret: {
    type: 'string',
    group: 'auth',
    label: 'Google OAuth client secret',
    default: '',
    maxLength: 255,
    public: false,
    secret: true,
  },
  twitterLoginEnabled: { type: 'boolean', group: 'auth', label: 'Sign in with Twitter', default: false, public: true },
  twitterConsumerKey: { type: 'string', group: 'auth', label: 'Twitter API key', default: '', maxLength: 255, public: false },
  twitterConsumerSecret: {
    type: 'string',
    group: 'auth',
    label: 'Twitter API key secret',
    default: '',
    maxLength: 255,
    public: false,
    secret: true,
  },
  paymentGateway: {
    type: 'enum',
    group: 'payment',
    label: 'Payment gateway',
    default: 'stripe',
    options: ['stripe', 'sandbox'],
    optionLabels: { stripe: 'Stripe', sandbox: 'Sandbox (test cards, no real money)' },
    public: true,
  },
  stripePublishableKey: { type: 'string', group: 'payment', label: 'Stripe publishable key', default: '', maxLength: 255, public: true },
  stripeSecretKey: {
    type: 'string',
    group: 'payment',
    label: 'Stripe secret key',
    default: '',
    maxLength: 255,
    public: false,
    secret: true,
  },
  stripeWebhookSecret: {
    type: 'string',
    group: 'payment',
    label: 'Stripe webhook signing secret',
    default: '',
    maxLength: 255,
    public: false,
    secret: true,
  },
  performerCommission: {
    type: 'number',
    group: 'payment',
    label: 'Platform commission (0.10 = 10 %)',
    default: 0.1,
    min: 0,
    max: 1,
    public: false,
  },
  tokenConversionRate: {
    type: 'number',
    group: 'payment',
    label: 'Site currency per token',
    default: 1,
    min: 0.01,
    max: 1000,
    public: true,
  },
  freeSubscriptionEnabled: { type: 'boolean', group: 'subscription', label: 'Free trial subscriptions', default: true, public: true },
  freeSubscriptionDuration: {
    type: 'number',
    group: 'subscription',
    label: 'Free trial length (days)',
    default: 1,
    min: 1,
    max: 365,
    integer: true,
    public: true,
  },
  minimumSubscriptionPrice: money('Minimum subscription price', 2.95, 'subscription'),
  maximumSubscriptionPrice: money('Maximum subscription price', 300, 'subscription'),
  minimumWalletPrice: money('Minimum wallet top-up', 2.95, 'wallet'),
  maximumWalletPrice: money('Maximum wallet top-up', 300, 'wallet'),
  minimumTipPrice: money('Minimum tip', 10, 'wallet'),
  maximumTipPrice: money('Maximum tip', 10000, 'wallet'),
  minimumPayoutAmount: money('Minimum payout amount', 50, 'payout'),
  minimumStreamPrice: money('Minimum live session or private show minute price', 1, 'streaming'),
  maximumStreamPrice: money('Maximum live session or private show minute price', 1000, 'streaming'),
  enableLiveStreaming: {
    type: 'boolean',
    group: 'streaming',
    label: 'Live streaming',
    description: 'Off: nobody goes live or watches (menus, pages, API, sockets and RTMP ingest refuse) and sessions that are live end.',
    default: true,
    public: true,
  },
  agoraEnable: {
    type: 'boolean',
    group: 'streaming',
    label: 'Carry live video through Agora',
    description: 'Off: live video runs through the site’s own path (browser or OBS, HLS to viewers).',
    default: false,
    public: true,
  },
  agoraAppId: { type: 'string', group: 'streaming', label: 'Agora app id', default: '', maxLength: 255, public: true },
  agoraCertificate: {
    type: 'string',
    group: 'streaming',
    label: 'Agora app certificate',
    default: '',
    maxLength: 255,
    public: false,
    secret: true,
  },
  iceServerUrls: {
    type: 'text',
    group: 'streaming',
    label: 'STUN and TURN servers for private show calls',
    description:
      'One URL a line (stun:host:3478, turn:host:3478?transport=udp, turns:host:5349). None is needed when callers share a network.',
    default: '',
    maxLength: 2000,
    // Each URL a stun:, turn: or turns: URL, separated by spaces, commas or new lines.
    pattern: { regex: /^\s*(?:(?:stun|turns?):[^\s,]+(?:[\s,]+|$))*$/, message: 'must be stun:, turn: or turns: URLs, one a line' },
    public: false,
  },
  turnSecret: {
    type: 'string',
    group: 'streaming',
    label: 'TURN shared secret (coturn use-auth-secret)',
    description: 'Callers get TURN credentials valid for a day, made from this secret (the TURN REST scheme).',
    default: '',
    maxLength: 255,
    public: false,
    secret: true,
  },
  volume: { type: 'number', group: 'player', label: 'Default player volume', default: 1, min: 0, max: 1, public: true },
  gaCode: {
    type: 'string',
    group: 'analytics',
    label: 'Google Analytics measurement id',
    description:
      'A Google Analytics 4 measurement id (G-XXXXXXXXXX), or empty for none. Visitors are asked once; the tag loads only after they accept, and never on admin pages.',
    default: '',
    maxLength: 50,
    // GA4's ids: "G-" and letters or digits. Universal Analytics ids (UA-…) stopped collecting in 2024.
    pattern: { regex: /^(?:G-[A-Z0-9]{4,20})?$/, message: 'must be a Google Analytics 4 measurement id such as G-XXXXXXXXXX, or empty' },
    public: true,
  },
} as const satisfies Record<string, SettingDefinition>;

export type SettingKey = keyof typeof settingDefinitions;
export const settingKeys = Object.keys(settingDefinitions) as SettingKey[];

type ValueOf<D> = D extends { type: 'boolean' }
  ? boolean
  : D extends { type: 'number' }
    ? number
    : D extends { type: 'menus' }
      ? MenuItem[]
      : D extends { type: 'countries' }
        ? string[]
        : string;
export type SettingValues = { -readonly [K in SettingKey]: ValueOf<(typeof settingDefinitions)[K]> };

/** One setting's definition, typed as the union so callers narrow on `type`. */
export const settingDefinition = (key: SettingKey): SettingDefinition => settingDefinitions[key];

export const isSettingKey = (key: string): key is SettingKey => Object.hasOwn(settingDefinitions, key);

export const publicSettingKeys = settingKeys.filter((key) => settingDefinitions[key].public);

export const defaultSettings = Object.fromEntries(
  settingKeys.map((key) => [key, settingDefinitions[key].default]),
) as unknown as SettingValues;

/** Pairs whose first value may not exceed the second; checked whenever either changes. */
export const settingRanges: ReadonlyArray<readonly [SettingKey, SettingKey]> = [
  ['minimumSubscriptionPrice', 'maximumSubscriptionPrice'],
  ['minimumWalletPrice', 'maximumWalletPrice'],
  ['minimumTipPrice', 'maximumTipPrice'],
  ['minimumStreamPrice', 'maximumStreamPrice'],
];

/** The zod schema a value for one setting must satisfy. */
export function settingValueSchema(definition: SettingDefinition): z.ZodType {
  switch (definition.type) {
    case 'boolean':
      return z.boolean();
    case 'number': {
      let schema = z
        .number()
        .min(definition.min, `must be at least ${definition.min}`)
        .max(definition.max, `must be at most ${definition.max}`);
      if (definition.integer) schema = schema.int('must be a whole number');
      return schema;
    }
    case 'enum':
      return z.enum(definition.options as [string, ...string[]]);
    case 'url':
      return z.union([z.literal(''), looseUrl]);
    case 'menus':
      return z.array(menuItemSchema).max(50);
    case 'countries':
      return z.array(countryCodeSchema).max(300);
    default: {
      const schema = z.string().max(definition.maxLength ?? 255, `must be at most ${definition.maxLength ?? 255} characters`);
      return definition.pattern ? schema.regex(definition.pattern.regex, definition.pattern.message) : schema;
    }
  }
}

/**
 * What `GET /settings/public` answers: every public key, plus facts of the server's
 * configuration the client needs (password pre-hashing, where Google's consent screen is).
 */
export type PublicSettingKey = {
  [K in SettingKey]: (typeof settingDefinitions)[K]['public'] extends true ? K : never;
}[SettingKey];
export type PublicSettings = Pick<SettingValues, PublicSettingKey> & {
  hashPwClient: boolean;
  googleAuthorizeUrl: string;
  /** The gateway cards go through now: Stripe once its keys are set, else the sandbox where allowed, else none. */
  activePaymentGateway: PaymentGatewayName | null;
  /** The site currency (ISO 4217 code) that prices are shown in. */
  currency: string;
};

/**
 * `PublicSettings` as a schema, for the API's document: each public setting with its own schema
 * (`settingValueSchema`, limits included), and the facts of the server's configuration.
 */
export const publicSettingsSchema = z.object({
  ...(Object.fromEntries(publicSettingKeys.map((key) => [key, settingValueSchema(settingDefinitions[key])])) as Record<
    PublicSettingKey,
    z.ZodType
  >),
  hashPwClient: z.boolean(),
  googleAuthorizeUrl: z.string(),
  activePaymentGateway: z.enum(paymentGateways).nullable(),
  currency: z.string(),
});

export const adminSettingSchema = z.object({
  key: z.string(),
  type: z.string(),
  group: z.string(),
  label: z.string(),
  description: z.string().optional(),
  public: z.boolean(),
  secret: z.boolean(),
  editable: z.boolean(),
  value: z.unknown(),
  /** For secrets, whether a value is stored (the value itself is never returned). */
  hasValue: z.boolean(),
  default: z.unknown(),
  min: z.number().optional(),
  max: z.number().optional(),
  options: z.array(z.string()).optional(),
  optionLabels: z.record(z.string(), z.string()).optional(),
});
export type AdminSetting = z.infer<typeof adminSettingSchema>;
