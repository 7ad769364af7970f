export const meta = () => [{ title: 'Sign in · Encore' }];

export default function SignIn() {
  return <h1 className="text-2xl font-bold">Sign in to Encore</h1>;
}
