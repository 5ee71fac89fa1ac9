import { redirect, type AppLoadContext } from 'react-router';
import type { CurrentUser } from '../../core/accounts/sessions';

/** Admin pages: a guest goes to sign in (and comes back after), a customer goes home. */
export function requireAdmin(context: AppLoadContext, request: Request): CurrentUser {
  const user = context.user;
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  if (user.role !== 'admin') throw redirect('/');
  return user;
}
