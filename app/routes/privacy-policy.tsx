import { StaticPage } from '~/components/static-page';

export const meta = () => [
  { title: 'Privacy Policy · Encore' },
  { name: 'description', content: 'What Encore collects, why, and the choices you have.' },
];

export default function PrivacyPolicy() {
  return (
    <StaticPage title="Privacy Policy" updated="November 2026">
      <p>
        This policy explains what personal data Encore collects when you use the website and apps, why we collect it,
        and what you can do about it. We collect as little as we can and never sell your data.
      </p>
      <h2>What we collect</h2>
      <ul>
        <li>Account data: your email address, name and profile picture, and the sign-in method you chose.</li>
        <li>Your answers to the short onboarding quiz (ticket vendor, budget, resale experience, how you found us).</li>
        <li>What you follow and watch in my Encore, so we can tell you about prices and dates.</li>
        <li>Your approximate location, only if you allow it, to show events near you.</li>
        <li>Technical data such as your browser, device and pages visited, to keep the service reliable.</li>
      </ul>
      <h2>Why we use it</h2>
      <p>
        We use your data to run your account, show events that are relevant to you, send the alerts you asked for and
        improve Encore. Location is used on your device and our servers only to filter events; it is not stored with
        your account unless you save a home city.
      </p>
      <h2>Who we share it with</h2>
      <p>
        Sign-in is handled by our identity provider. When you follow a link to buy tickets, the seller receives your
        visit as any website would. We do not share your personal data with advertisers.
      </p>
      <h2>Your choices</h2>
      <p>
        You can edit your profile at any time, turn off notifications, choose which cookies we may use on the cookie
        settings page, and ask us to export or delete your data by writing to privacy@encore.example.
      </p>
    </StaticPage>
  );
}
