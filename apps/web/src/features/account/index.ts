// What other features may use of account: they import this file only, never the files behind it (decision 075).
export { useGetMyCreatorAccountQuery, useGetStripeConnectAccountQuery } from './creator-api';
export { StepUpPrompt } from './StepUpPrompt';
export { stripeStatusLabels } from './StripeConnectCard';
export { useSecondFactorDue } from './security-api';
