import { Link } from 'react-router';
import { SearchBox } from '~/components/search-box';

export const meta = () => [
  { title: 'Encore · Concerts, games and shows near you' },
  {
    name: 'description',
    content: 'Find concerts, sports and theatre near you, on your dates, and track the tickets you care about.',
  },
];

const segments = ['Music', 'Sports', 'Arts & Theatre', 'Family'];

export default function Home() {
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-900 via-brand-700 to-brand-500 px-4 py-16 text-white sm:py-24">
        <div className="mx-auto max-w-3xl text-center">
          <h1 className="text-4xl font-black tracking-tight sm:text-5xl">Live events near you, on your dates.</h1>
          <p className="mt-4 text-lg text-brand-100">
            Search concerts, games and shows, then track prices and dates in one place.
          </p>
          <div className="mx-auto mt-8 max-w-xl rounded-full bg-white p-1 shadow-lg">
            <SearchBox />
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4 py-10">
        <h2 className="text-xl font-bold">Browse by category</h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
          {segments.map((name) => (
            <li key={name}>
              <Link
                to={`/search?keyword=${encodeURIComponent(name)}`}
                className="block rounded-xl border border-slate-200 bg-white p-4 font-semibold hover:border-brand-500"
              >
                {name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
