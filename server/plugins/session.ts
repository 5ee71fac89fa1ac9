import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaffRole } from '../../contracts/accounts';
import type { TokenSigner } from '../../core/accounts/session-tokens';
import { resolveSession, type CurrentUser, type IssuedSession } from '../../core/accounts/sessions';
import { can, FORBIDDEN_MESSAGE } from '../../core/accounts/permissions';
import { routePermission } from '../../core/commands';
import { secondFactorMissing, TWO_FACTOR_REQUIRED_FOR_STAFF } from '../../core/accounts/two-factor';
import { AppError } from '../../core/errors';
import type { ClientInfo } from '../../core/rate-limits';
import type { Db } from '../../db/client';

export const SESSION_COOKIE = 'rossy_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user (from the session cookie or a bearer token), or null for a guest. */
    user: CurrentUser | null;
  }
}

export interface SessionCookies {
  serialize(session: Pick<IssuedSession, 'token' | 'expiresAt'>): string;
  clear(): string;
}

export function sessionCookies(secure: boolean): SessionCookies {
  const options = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure };
  return {
    serialize: ({ token, expiresAt }) =>
      cookie.serialize(SESSION_COOKIE, token, { ...options, expires: expiresAt }),
    clear: () => cookie.serialize(SESSION_COOKIE, '', { ...options, expires: new Date(0) }),
  };
}

export function tokenFrom(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim();
  return request.cookies[SESSION_COOKIE];
}

/** Knows the user on every request, for the API and the pages alike. */
export const sessionPlugin = fp(async (app: FastifyInstance, options: { db: Db; tokens: TokenSigner }) => {
  await app.register(cookie);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/assets/') || request.url.startsWith('/media/')) return;
    const token = tokenFrom(request);
    if (token) request.user = await resolveSession(options.db, options.tokens, token);
    // Only staff without a second factor cost a settings read (cached), and only to know the owner's rule.
    if (request.user && isStaffRole(request.user.role) && !request.user.twoFactorEnabled) {
      const settings = await app.services.shopSettings();
      request.user.secondFactorMissing = secondFactorMissing(request.user, settings.staffTwoFactor);
    }
  });
});

/** Route guard: 401 for a guest. */
export function requireUser() {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  };
}

/**
 * The staff routes' guard, one for all of them: 401 for a guest, 403 for a customer, and for staff
 * 403 unless the permission table (core/accounts/permissions.ts) gives their role this route. The
 * role is read with the session on every request, so a role taken away closes the door at once.
 * When the owner requires a second factor of staff, staff without one on get 403 saying how to turn it on.
 */
export function requireStaff() {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.user) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
    const permission = routePermission(request.method, request.routeOptions.url ?? '');
    if (!permission || !can(request.user.role, permission))
      throw new AppError('FORBIDDEN', FORBIDDEN_MESSAGE);
    if (request.user.secondFactorMissing) throw new AppError('FORBIDDEN', TWO_FACTOR_REQUIRED_FOR_STAFF);
  };
}

export function clientOf(request: FastifyRequest): ClientInfo {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}

export function currentUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Not authenticated');
  return request.user;
}
