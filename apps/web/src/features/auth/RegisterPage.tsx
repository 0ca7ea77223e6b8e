import { useRegisterFanMutation } from './api';
import { SignUpForm, type SignUpValues } from './SignUpForm';

/** Fan sign-up. Without e-mail verification the fan is signed in straight away. */
export default function RegisterPage() {
  const [register, { isLoading }] = useRegisterFanMutation();
  return (
    <SignUpForm<SignUpValues>
      accountRole="user"
      busy={isLoading}
      register={({ confirm: _confirm, ...values }, password, redirect) => register({ body: { ...values, password, redirect } }).unwrap()}
    />
  );
}
