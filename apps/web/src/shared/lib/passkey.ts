import type { PasskeyOptionsAnswer, PasskeySignInInput } from '@limelight/contracts';
import { type PublicKeyCredentialRequestOptionsJSON, startAuthentication } from '@simplewebauthn/browser';
import { errorMessage } from './toast';

export type PasskeyAssertion = PasskeySignInInput['response'];

/**
 * The one way the app proves a passkey (decision 048): the browser signs the API's challenge with
 * a passkey this device (or a phone nearby) holds, and the answer goes back as it is.
 */
export async function signWithPasskey({ options }: PasskeyOptionsAnswer): Promise<PasskeyAssertion> {
  const response = await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON });
  return response as unknown as PasskeyAssertion;
}

/**
 * What to say when proving a passkey failed: the browser's own refusals (cancelled, timed out, no
 * passkey here) are Errors whose words are not for people; the API's answers carry its message.
 */
export const passkeyFailure = (error: unknown) =>
  error instanceof Error ? 'The passkey was not used: the request was cancelled or timed out' : errorMessage(error);
