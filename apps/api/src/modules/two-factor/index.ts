/** What other modules may use of the two-factor module (decision 004): everything else is its own. */
export { type FactorInput, factorsOf, hasSecondFactor, verifyFactor } from './factors';
export { registerSecondFactorGate } from './gate';
export { assertionOptions, verifyPasskeyAssertion } from './passkeys';
export { openSignInChallenge, pendingSignInChallenge, sweepExpiredChallenges, takeSignInChallenge } from './repo';
export { twoFactorRoutes } from './routes';
export { assertFreshSecondFactor, stepUpAtSignIn } from './service';
