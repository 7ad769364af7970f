import { Link } from 'react-router';
import { StaticPage } from '~/components/static-page';

export const meta = () => [
  { title: 'About us · Encore' },
  {
    name: 'description',
    content: 'Encore helps event-goers find concerts, games and shows near them and track tickets.',
  },
];

export default function AboutUs() {
  return (
    <StaticPage title="About us">
      <p>
        Encore is built by a small team of event-goers who got tired of opening five ticket sites, three newsletters and
        a spreadsheet to find out who is playing near them this spring, and what a decent seat will cost.
      </p>
      <h2>What Encore does</h2>
      <ul>
        <li>Search artists, teams, shows and venues, near you and on your dates, in one place.</li>
        <li>See every upcoming date of an artist with the venue, the status of the sale and the price range.</li>
        <li>Follow the artists you love and watch the events you are considering, in my Encore.</li>
        <li>Hear from us when it matters: a price drop, a new date in your city, a postponed show.</li>
      </ul>
      <h2>Where the events come from</h2>
      <p>
        Encore keeps its own catalogue of events, attractions and venues, refreshed from ticketing partners. We never
        sell tickets ourselves: when you are ready to buy, we send you to the official seller of the event.
      </p>
      <h2>Get in touch</h2>
      <p>
        Questions, ideas or a venue we are missing? We read everything sent to hello@encore.example. You can also read
        our <Link to="/privacy-policy">privacy policy</Link> and <Link to="/terms-of-service">terms of service</Link>.
      </p>
    </StaticPage>
  );
}
