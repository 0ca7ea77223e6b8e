// What other features may use of auth: they import this file only, never the files behind it (decision 075).
export { useRequestPasswordResetMutation } from './api';
export { PasswordFields } from './SignUpForm';
export { usePreparePassword } from './usePreparePassword';
