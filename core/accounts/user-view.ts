import type { PublicUser } from '../../contracts/accounts';
import { mediaUrl } from '../../contracts/media';
import type { users } from '../../db/schema/accounts';

export const AVATAR_WIDTH = 256;

/** A user as the user (or an admin) may see them: never the password hash. */
export function toPublicUser(row: typeof users.$inferSelect): PublicUser {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    status: row.status,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    avatarUrl: row.avatarKey ? mediaUrl(row.avatarKey, AVATAR_WIDTH) : null,
    createdAt: row.createdAt.toISOString(),
    lastSignInAt: row.lastSignInAt ? row.lastSignInAt.toISOString() : null,
    twoFactorEnabled: row.twoFactorEnabledAt !== null,
    emailVerified: row.emailVerifiedAt !== null,
    pendingEmail: row.pendingEmail,
  };
}
