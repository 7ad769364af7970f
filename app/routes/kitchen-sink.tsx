export const meta = () => [{ title: 'Kitchen sink · Encore' }];

export default function KitchenSink() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-2xl font-bold">Kitchen sink</h1>
      <p className="mt-2 text-slate-600">Shared components in their states.</p>
    </main>
  );
}
