import { StaticPage } from '~/components/static-page';

export const meta = () => [
  { title: 'Cookie Settings · Encore' },
  { name: 'description', content: 'The cookies Encore uses and what each one is for.' },
];

const cookies = [
  ['Session', 'Keeps you signed in across pages. Required.'],
  ['Preferences', 'Remembers your locale, screen size class and whether you finished the onboarding quiz. Required.'],
  ['Analytics', 'Counts page views so we know which pages are useful. Only when analytics is enabled.'],
] as const;

export default function CookieSettings() {
  return (
    <StaticPage title="Cookie Settings">
      <p>
        Encore uses a small number of cookies and similar browser storage. Required cookies make the site work; the
        others are used only where analytics is enabled for this site.
      </p>
      <h2>Cookies we use</h2>
      <ul>
        {cookies.map(([name, purpose]) => (
          <li key={name}>
            <strong>{name}:</strong> {purpose}
          </li>
        ))}
      </ul>
      <h2>Managing cookies</h2>
      <p>
        You can delete cookies at any time in your browser settings. Deleting the session cookie signs you out; deleting
        preference cookies resets your locale and may show the onboarding quiz again.
      </p>
    </StaticPage>
  );
}
