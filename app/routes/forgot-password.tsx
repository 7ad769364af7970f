export const meta = () => [{ title: 'Forgot password · Encore' }];

export default function ForgotPassword() {
  return <h1 className="text-2xl font-bold">Reset your password</h1>;
}
