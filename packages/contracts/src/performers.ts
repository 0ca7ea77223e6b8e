import { z } from 'zod';
import { mediaFileSchema } from './media';
import {
  ageOptions,
  bodyTypeOptions,
  ethnicityOptions,
  eyeColorOptions,
  genderValues,
  hairColorOptions,
  heightOptions,
  type Option,
  sexualOrientationOptions,
  sizeOptions,
  weightOptions,
} from './performer-options';
import { profileRevisionSchema } from './profile-revisions';
import { hasTwoDecimalsAtMost, performerSearchSorts } from './rules';
import {
  countryCodeSchema,
  currentPasswordSchema,
  emailSchema,
  nameSchema,
  passwordSchema,
  queryArray,
  queryBoolean,
  usernameSchema,
} from './validation';

const optionOf = (options: Option[]) => z.enum(options.map((option) => option.value) as [string, ...string[]]);

/**
 * The largest amount any field takes: far inside what a bigint of cents holds, and exact in cents
 * as a JavaScript number, so sums of many such amounts stay exact too.
 */
export const MAX_MONEY_AMOUNT = 1_000_000_000;

/**
 * An amount in the site currency with at most two decimals (stored as integer cents). At least one
 * cent: a denormal such as 5e-324 has "two decimals" within rounding and would be stored as 0.
 */
export const moneySchema = z
  .number()
  .min(0.01, 'must be at least 0.01')
  .max(MAX_MONEY_AMOUNT, `must be at most ${MAX_MONEY_AMOUNT}`)
  .refine(hasTwoDecimalsAtMost, 'must have at most two decimals');

/** What a creator asks for one post, video or gallery: 0 (free for everyone) to 10000. */
export const salePriceSchema = z
  .number()
  .min(0, 'must be 0 or more')
  .max(10_000, 'must be at most 10000')
  .refine(hasTwoDecimalsAtMost, 'must have at most two decimals');

export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;

export const performerAttributesSchema = z.object({
  height: optionOf(heightOptions).nullable(),
  weight: optionOf(weightOptions).nullable(),
  bodyType: optionOf(bodyTypeOptions).nullable(),
  ethnicity: optionOf(ethnicityOptions).nullable(),
  size: optionOf(sizeOptions).nullable(),
  hair: optionOf(hairColorOptions).nullable(),
  eyes: optionOf(eyeColorOptions).nullable(),
  sexualOrientation: optionOf(sexualOrientationOptions).nullable(),
});

/** The 1, 3, 6 and 12-month plans; null until the creator sets a price. */
export const subscriptionPlans = ['monthlyPrice', 'threeMonthPrice', 'sixMonthPrice', 'yearlyPrice'] as const;
export type SubscriptionPlan = (typeof subscriptionPlans)[number];
export const subscriptionPricesSchema = z.object({
  monthlyPrice: moneySchema.nullable(),
  threeMonthPrice: moneySchema.nullable(),
  sixMonthPrice: moneySchema.nullable(),
  yearlyPrice: moneySchema.nullable(),
  /** Offers the site's free trial (when the admin enabled free subscriptions). */
  isFreeSubscription: z.boolean(),
});

/** A creator as anyone may see them on `/{profileId}` and in listings. */
export const publicPerformerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  avatar: z.string(),
  cover: z.string(),
  bio: z.string(),
  gender: z.enum(genderValues).nullable(),
  country: z.string().nullable(),
  state: z.string().nullable(),
  city: z.string().nullable(),
  languages: z.array(z.string()),
  /** The age band (spec 3 option set), never the date of birth. */
  age: z.string().nullable(),
  ...performerAttributesSchema.shape,
  ...subscriptionPricesSchema.shape,
  verifiedDocument: z.boolean(),
  followersCount: z.number().int(),
  /** Connected right now (any open socket), and when that last changed. */
  isOnline: z.boolean(),
  onlineAt: z.string().nullable(),
  /** For a signed-in viewer: whether they follow or bookmarked this creator. */
  isFollowed: z.boolean(),
  isBookmarked: z.boolean(),
});
export type PublicPerformer = z.infer<typeof publicPerformerSchema>;

/**
 * What a creator has published for fans to see, counted one way wherever it shows (a discovery
 * card, the creator's page header): published posts, the photos and videos in them and in the
 * creator's galleries and video library, and the likes all of it received.
 */
export const creatorCountsSchema = z.object({
  posts: z.number().int(),
  photos: z.number().int(),
  videos: z.number().int(),
  likes: z.number().int(),
});
export type CreatorCounts = z.infer<typeof creatorCountsSchema>;

/** A creator on a discovery shelf or in search results: the public card and what they have published. */
export const discoveryPerformerSchema = publicPerformerSchema.extend({ content: creatorCountsSchema });
export type DiscoveryPerformer = z.infer<typeof discoveryPerformerSchema>;

/** A creator's page: the card, the header's counts and the welcome video, shown once it has finished processing. */
export const performerProfileSchema = publicPerformerSchema.extend({
  welcomeVideo: mediaFileSchema.nullable(),
  counts: creatorCountsSchema,
  /** The page's link-preview picture (1200x630: cover, avatar, name and handle), versioned by what it shows. */
  previewImage: z.string(),
  /** The creator asked search engines to leave their page and posts out (noindex, not in the sitemap). */
  hiddenFromSearchEngines: z.boolean(),
});
export type PerformerProfile = z.infer<typeof performerProfileSchema>;

const optionalText = (max: number) => z.string().trim().max(max, `must be at most ${max} characters`).nullable();

export const bankingSchema = z.object({
  firstName: nameSchema,
  lastName: nameSchema,
  bankName: z.string().trim().min(1, 'is required').max(120),
  bankAccount: z.string().trim().min(4, 'must be at least 4 characters').max(64),
  bankRouting: optionalText(64).default(null),
  bankSwiftCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{8}([A-Za-z0-9]{3})?$/, 'must be an 8 or 11 character SWIFT/BIC code')
    .nullable()
    .default(null),
  address: optionalText(200).default(null),
  city: optionalText(100).default(null),
  state: optionalText(100).default(null),
  country: countryCodeSchema,
});
export type Banking = z.infer<typeof bankingSchema>;

/** Payout destinations other than a bank account. */
export const paymentGatewaySettingsSchema = z.object({
  key: z.enum(['paypal']),
  value: z.object({ email: emailSchema }),
});
export type PaymentGatewaySettings = z.infer<typeof paymentGatewaySettingsSchema>;

/** Where payouts go is sensitive: changing it carries the current password. */
export const updateBankingSchema = bankingSchema.extend({ currentPassword: currentPasswordSchema });
export type UpdateBankingInput = z.infer<typeof updateBankingSchema>;
export const updatePaymentGatewaySchema = paymentGatewaySettingsSchema.extend({ currentPassword: currentPasswordSchema });
export type UpdatePaymentGatewayInput = z.infer<typeof updatePaymentGatewaySchema>;

/** Who may start a conversation with a creator (besides those they write to first). */
export const messagesFromOptions = ['subscribers', 'followers', 'everyone'] as const;
export type MessagesFrom = (typeof messagesFromOptions)[number];

export const verificationStatuses = ['pending', 'rejected', 'verified'] as const;
export type VerificationStatus = (typeof verificationStatuses)[number];
/**
 * A verified creator enters discovery (explore, search, home shelves, suggestions) once their page
 * has each of these: an avatar, a subscription price and a first published post (decision 051).
 */
export const discoveryRequirements = ['avatar', 'price', 'post'] as const;
export type DiscoveryRequirement = (typeof discoveryRequirements)[number];

/** `GET /performers/me`: the public card plus what only the creator sees. */
export const performerAccountSchema = performerProfileSchema.omit({ counts: true }).extend({
  email: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  address: z.string().nullable(),
  zipcode: z.string().nullable(),
  phone: z.string().nullable(),
  phoneCode: z.string().nullable(),
  banking: bankingSchema.nullable(),
  paypalEmail: z.string().nullable(),
  /** Which identity documents are on file (the files themselves only the admin opens). */
  documents: z.object({ idVerification: z.boolean(), documentVerification: z.boolean() }),
  /**
   * Where the admin's review of the documents stands (decision 051): `pending` while it waits
   * (at sign-up and after a resubmission), `rejected` with the admin's reason, or `verified`.
   */
  verification: z.object({
    status: z.enum(verificationStatuses),
    reason: z.string().nullable(),
    decidedAt: z.string().nullable(),
  }),
  /** What the page still needs before discovery shelves list it (decision 051); empty once listed there. */
  discoveryMissing: z.array(z.enum(discoveryRequirements)),
  messagesFrom: z.enum(messagesFromOptions),
  /** A change of the public page waiting for review before publication, or the last one refused (decision 055). */
  profileRevision: profileRevisionSchema.nullable(),
});
export type PerformerAccount = z.infer<typeof performerAccountSchema>;

export const updatePerformerSchema = z
  .object({
    name: nameSchema,
    username: usernameSchema,
    /** As for fans: takes effect once confirmed, and needs `currentPassword`. */
    email: emailSchema,
    /** As for fans: a new password, with `currentPassword`. */
    password: passwordSchema,
    currentPassword: currentPasswordSchema,
    bio: z.string().trim().max(2000, 'must be at most 2000 characters'),
    gender: z.enum(genderValues),
    country: countryCodeSchema.nullable(),
    state: optionalText(100),
    city: optionalText(100),
    address: optionalText(200),
    zipcode: optionalText(20),
    phone: z
      .string()
      .trim()
      .regex(/^[0-9 ()-]{4,20}$/, 'must be a phone number')
      .nullable(),
    phoneCode: z
      .string()
      .regex(/^\+[0-9]{1,4}$/, 'must look like +44')
      .nullable(),
    languages: z.array(z.string().regex(/^[a-z]{2}$/, 'must be a two-letter language code')).max(20),
    dateOfBirth: z.iso.date('must be a date (YYYY-MM-DD)'),
    messagesFrom: z.enum(messagesFromOptions, 'must be subscribers, followers or everyone'),
    hiddenFromSearchEngines: z.boolean(),
    ...performerAttributesSchema.shape,
    ...subscriptionPricesSchema.shape,
  })
  .partial();
export type UpdatePerformerInput = z.infer<typeof updatePerformerSchema>;

/** The age band of the option set (18_19, 20_22, …, over_50) for a date of birth. */
export function ageBandOf(dateOfBirth: string | null, today = new Date()): string | null {
  if (!dateOfBirth) return null;
  const born = new Date(`${dateOfBirth}T00:00:00Z`);
  let age = today.getUTCFullYear() - born.getUTCFullYear();
  const birthdayPassed =
    today.getUTCMonth() > born.getUTCMonth() || (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() >= born.getUTCDate());
  if (!birthdayPassed) age -= 1;
  if (age < 18) return null;
  const band = ageOptions.find((option) => {
    const [low, high] = option.value.split('_').map(Number);
    return high !== undefined && age >= low! && age <= high;
  });
  return band?.value ?? (age >= 50 ? 'over_50' : null);
}

/** `GET /performers/user/search`: every filter takes repeated values (`?hair=red&hair=blond`). */
export const performerSearchQuerySchema = z
  .object({
    offset: z.coerce.number().int().min(0, 'must be 0 or more').default(0),
    limit: z.coerce
      .number()
      .int()
      .min(1, 'must be 1 or more')
      .default(12)
      .transform((value) => Math.min(value, 60)),
    q: z.string().trim().max(100, 'must be at most 100 characters').optional(),
    gender: queryArray(z.enum(genderValues)).optional(),
    country: queryArray(countryCodeSchema).optional(),
    age: queryArray(optionOf(ageOptions)).optional(),
    height: queryArray(optionOf(heightOptions)).optional(),
    weight: queryArray(optionOf(weightOptions)).optional(),
    bodyType: queryArray(optionOf(bodyTypeOptions)).optional(),
    ethnicity: queryArray(optionOf(ethnicityOptions)).optional(),
    size: queryArray(optionOf(sizeOptions)).optional(),
    hair: queryArray(optionOf(hairColorOptions)).optional(),
    eyes: queryArray(optionOf(eyeColorOptions)).optional(),
    sexualOrientation: queryArray(optionOf(sexualOrientationOptions)).optional(),
    isFreeSubscription: queryBoolean.optional(),
    isOnline: queryBoolean.optional(),
    sortBy: z.enum(performerSearchSorts).default('popular'),
    /**
     * Keyset paging (decision 077): the last creator of the page before, whose page follows, read
     * from that creator's place instead of counted from the start. Lists without a keyword; the
     * first page and keyword searches use `offset`.
     */
    after: z.uuid('must be the id of the last creator of the page before').optional(),
  })
  .superRefine((query, context) => {
    if (query.after === undefined) return;
    if (query.q && /[\p{L}\p{N}]/u.test(query.q))
      context.addIssue({ code: 'custom', path: ['after'], message: 'pages a list without a keyword: page a keyword search by offset' });
    if (query.offset > 0) context.addIssue({ code: 'custom', path: ['offset'], message: 'must be 0 (or left out) with after' });
  });
export type PerformerSearchQuery = z.infer<typeof performerSearchQuerySchema>;

/**
 * Discovery counts its matches up to this many (decision 077): past it, `total` says this many and
 * `totalCapped` that more match, which a page of a dozen cards only needs to know as "more".
 */
export const DISCOVERY_COUNT_CAP = 1000;

/** A page of discovery's search: `total` counts up to DISCOVERY_COUNT_CAP, `totalCapped` says more match. */
export const discoveryPageSchema = z.object({
  data: z.array(discoveryPerformerSchema),
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type DiscoveryPage = z.infer<typeof discoveryPageSchema>;

/** The date-of-birth range of an age band, for a filter the database can answer with an index. */
export function birthDateRangeOf(band: string, today = new Date()): { from?: string; to: string } {
  const yearsAgo = (years: number, dayOffset = 0) => {
    const date = new Date(Date.UTC(today.getUTCFullYear() - years, today.getUTCMonth(), today.getUTCDate() + dayOffset));
    return date.toISOString().slice(0, 10);
  };
  if (band === 'over_50') return { to: yearsAgo(50) };
  const [low, high] = band.split('_').map(Number) as [number, number];
  return { from: yearsAgo(high + 1, 1), to: yearsAgo(low) };
}
