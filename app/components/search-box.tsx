import { Form } from 'react-router';

/** SPEC §2 search box. Submits to /search; the live results panel builds on this form. */
export function SearchBox({ defaultValue = '', className = '' }: { defaultValue?: string; className?: string }) {
  return (
    <Form method="get" action="/search" role="search" className={`relative ${className}`}>
      <label htmlFor="site-search" className="sr-only">
        Search
      </label>
      <svg
        aria-hidden="true"
        viewBox="0 0 20 20"
        className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 fill-slate-400"
      >
        <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.83l3.65 3.64-1.06 1.06-3.64-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
      </svg>
      <input
        id="site-search"
        name="keyword"
        type="search"
        autoComplete="off"
        defaultValue={defaultValue}
        placeholder="Search by Artist, Event or Venue"
        className="h-10 w-full rounded-full border border-slate-200 bg-slate-50 pr-4 pl-9 text-sm text-ink placeholder:text-slate-500 focus:border-brand-500 focus:bg-white focus:outline-none"
      />
    </Form>
  );
}
