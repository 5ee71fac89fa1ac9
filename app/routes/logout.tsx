import { redirect } from 'react-router';
import { revokeSession } from '../../core/accounts/sessions';
import type { Route } from './+types/logout';

/** Signing out ends the session on the server, not only in this browser. */
export async function action({ context }: Route.ActionArgs) {
  if (context.user) await revokeSession(context.services.db, context.user.sessionId);
  return redirect('/login?notice=signed-out', {
    headers: { 'Set-Cookie': context.services.cookies.clear() },
  });
}

export function loader() {
  return redirect('/profile');
}
