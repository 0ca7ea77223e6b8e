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
  /** An admin suspended the account until a time (403): the message says until when and why (decision 045). */
  accountSuspended: 'ACCOUNT_SUSPENDED',
  /** An admin banned the account (403): the message says why (decision 045). */
  accountBanned: 'ACCOUNT_BANNED',
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
  /** The database cannot be reached just now (503 with Retry-After): the same request may be sent again shortly (decision 057). */
  serviceUnavailable: 'SERVICE_UNAVAILABLE',
  /** An admin without a second factor (403): only enrolment is open until one is set up (decision 048). */
  secondFactorEnrolmentRequired: 'SECOND_FACTOR_ENROLMENT_REQUIRED',
  /** A payout change or request with 2FA on and no fresh second factor (403): send a code or step up first. */
  stepUpRequired: 'STEP_UP_REQUIRED',
  /** A second-factor code, recovery code or passkey that was refused (400/401). */
  invalidSecondFactor: 'INVALID_SECOND_FACTOR',
  /** Repeated failed sign-ins from an unknown device: a reCAPTCHA is needed, or a sign-in link was e-mailed (decision 048). */
  signInChallenge: 'SIGN_IN_CHALLENGE',
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
