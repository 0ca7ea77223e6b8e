/** Machine-readable error codes. The web client branches on these, never on messages. */
export const ErrorCode = {
  validation: 'VALIDATION_ERROR',
  unauthenticated: 'UNAUTHENTICATED',
  sessionExpired: 'SESSION_EXPIRED',
  forbidden: 'FORBIDDEN',
  /** A creator blocked this account, or the visitor's country (403): the web shows why instead of the page. */
  blocked: 'BLOCKED',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  invalidCredentials: 'INVALID_CREDENTIALS',
  accountInactive: 'ACCOUNT_INACTIVE',
  /** A write authenticated by the session cookie came from another site's page (403, decision 047). */
  crossSiteRequest: 'CROSS_SITE_REQUEST',
  /** Maintenance mode: only admins sign in (503). */
  siteInMaintenance: 'SITE_IN_MAINTENANCE',
  emailNotVerified: 'EMAIL_NOT_VERIFIED',
  invalidToken: 'INVALID_TOKEN',
  rateLimited: 'RATE_LIMITED',
  payloadTooLarge: 'PAYLOAD_TOO_LARGE',
  unsupportedMedia: 'UNSUPPORTED_MEDIA_TYPE',
  unprocessable: 'UNPROCESSABLE',
  /** The wallet holds less than the price (402). */
  insufficientBalance: 'INSUFFICIENT_BALANCE',
  /** A live session is for the creator's subscribers (403): the web offers to subscribe. */
  subscriptionRequired: 'SUBSCRIPTION_REQUIRED',
  /** A live session is paid and this viewer has not paid it yet (402): the web offers to pay. */
  paymentRequired: 'PAYMENT_REQUIRED',
  /** The card gateway refused the payment (402). */
  paymentDeclined: 'PAYMENT_DECLINED',
  providerNotConfigured: 'PROVIDER_NOT_CONFIGURED',
  /** The admin turned live streaming off (`enableLiveStreaming`, 403): the web shows the off page. */
  liveStreamingOff: 'LIVE_STREAMING_OFF',
  providerUnavailable: 'PROVIDER_UNAVAILABLE',
  internal: 'INTERNAL_ERROR',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** Client-facing messages fixed by the spec's error catalogue (section 8). */
export const Messages = {
  forbiddenAction: 'Forbidden in the action!',
  incorrectCredentials: 'Incorrect credentials!',
  genericError: 'Error occurred, please try again later',
  defaultErrorToast: 'Something went wrong, please try again later',
  defaultSuccessToast: 'Action success',
  changesSaved: 'Changes saved',
  copied: 'Copied to clipboard',
} as const;
