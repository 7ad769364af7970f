import { StaticPage } from '~/components/static-page';

export const meta = () => [
  { title: 'Terms of Service · Encore' },
  { name: 'description', content: 'The terms that apply when you use Encore.' },
];

export default function TermsOfService() {
  return (
    <StaticPage title="Terms of Service" updated="November 2026">
      <p>
        These terms apply when you use Encore on the web or in our apps. By creating an account or using the service you
        agree to them. If you do not agree, please do not use Encore.
      </p>
      <h2>The service</h2>
      <p>
        Encore is a discovery and tracking service. Event information, prices and availability come from ticketing
        partners and may change at any time; the seller's page is always the reference. Encore does not sell tickets and
        is not a party to your purchase.
      </p>
      <h2>Your account</h2>
      <ul>
        <li>Keep your sign-in details safe; you are responsible for activity on your account.</li>
        <li>Give accurate information and do not impersonate anyone.</li>
        <li>Do not scrape, overload or try to break into the service.</li>
      </ul>
      <h2>Alerts</h2>
      <p>
        Price and date alerts are sent on a best-effort basis. We work hard to make them timely, but we cannot promise
        that a price will still be available when you reach the seller.
      </p>
      <h2>Changes and contact</h2>
      <p>
        We may update these terms; we will tell you in the app before important changes take effect. Questions:
        legal@encore.example.
      </p>
    </StaticPage>
  );
}
