export const meta = () => [{ title: 'Profile · Encore' }];

export default function ProfileIndexV2() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold">Profile</h1>
    </main>
  );
}
