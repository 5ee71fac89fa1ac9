import { z } from 'zod';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

import type { Role } from './roles';

export { isStaffRole, roleLabels, roles, staffRoles, type Role, type StaffRole } from './roles';

export const userStatuses = ['active', 'inactive'] as const;
export type UserStatus = (typeof userStatuses)[number];

const text = (max: number) => z.string().trim().max(max, `Must be at most ${max} characters`);

const INVALID_EMAIL = 'Please enter a valid email address';

/**
 * An e-mail address as every form and the API take it: trimmed, lower-cased and checked with zod's
 * e-mail pattern, which the OpenAPI document shows. `required` names an empty one apart.
 */
export function emailField(required?: string) {
  const text = z
    .string(required ?? INVALID_EMAIL)
    .trim()
    .toLowerCase();
  return (required ? text.min(1, required) : text)
    .max(254, INVALID_EMAIL)
    .regex(z.regexes.email, INVALID_EMAIL);
}

export const emailSchema = emailField();

export const signUpSchema = z.object({
  name: z.string().trim().max(100, 'Name must be at most 100 characters').default(''),
  email: z.string().trim().max(254).default(''),
  password: z.string().max(1024).default(''),
  confirmPassword: z.string().max(1024).optional(),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: z.string().trim().max(254).default(''),
  password: z.string().max(1024).default(''),
});
export type SignInInput = z.input<typeof signInSchema>;

/** What a shopper may change about themselves; anything else in the body (role, status, id) is dropped. */
export const profileSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  email: emailSchema,
  phone: text(30).default(''),
  address: text(200).default(''),
  city: text(80).default(''),
  state: text(80).default(''),
  zipCode: text(20).default(''),
  country: text(60).default('Nigeria'),
});
export type ProfileInput = z.input<typeof profileSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().max(1024).default(''),
  newPassword: z.string().max(1024).default(''),
  confirmPassword: z.string().max(1024).default(''),
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

export const forgotPasswordSchema = z.object({ email: z.string().trim().max(254).default('') });
export const resetPasswordSchema = z.object({
  token: z.string().trim().min(1, 'This reset link is invalid or has expired.').max(200),
  password: z.string().max(1024).default(''),
  confirmPassword: z.string().max(1024).optional(),
});

export const userListQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(5),
});

export interface PublicUser {
  id: string;
  name: string;
  email: string;
  role: Role;
  status: UserStatus;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  country: string;
  avatarUrl: string | null;
  createdAt: string;
  lastSignInAt: string | null;
  /** Whether sign-in asks for a one-time code (TOTP) after the password. */
  twoFactorEnabled: boolean;
  /** Whether the shopper has proved they read mail at `email` (guest orders with it show only then). */
  emailVerified: boolean;
  /** A new address waiting for its confirmation link to be followed; `email` stays until then. */
  pendingEmail: string | null;
}

export const verifyEmailSchema = z.object({
  token: z.string().trim().min(1, 'This confirmation link is invalid or has expired.').max(200),
});
