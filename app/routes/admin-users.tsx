import { redirect } from 'react-router';

/** Admin screens need an administrator's session; until one is signed in, a visitor is sent to sign in. */
export function loader() {
  throw redirect('/login');
}

export default function AdminGate() {
  return null;
}
