import { redirect } from 'react-router';

// Guarded (SPEC §6): no signed-in user is known to the server yet, so everyone goes home.
export function loader() {
  throw redirect('/');
}

export default function Page() {
  return null;
}
