import { roleLabels, type Role, type StaffRole } from '../../contracts/accounts';
import type { MailMessage } from './mailer';
import { renderMail } from './mailer';

/** "a Dispatch", "an Owner": the role as a sentence names it. */
export function roleWithArticle(role: Role): string {
  const label = roleLabels[role];
  return `${/^[AEIOU]/.test(label) ? 'an' : 'a'} ${label}`;
}

/**
 * The e-mail telling someone their place on the staff changed: a role given, changed, or taken away
 * (they stay a customer). It comes from the shop so nobody learns of it only by a door that closed.
 */
export async function staffRoleMail(options: {
  shopName: string;
  publicUrl: string;
  to: { name: string; email: string };
  role: Role;
  change: 'granted' | 'changed' | 'removed';
}): Promise<MailMessage> {
  const { shopName, publicUrl, to, role, change } = options;
  if (change === 'removed') {
    return {
      to: to.email,
      subject: `Your staff role at ${shopName} has ended`,
      ...(await renderMail({
        shopName,
        heading: 'Your staff role has ended',
        paragraphs: [
          `Hello ${to.name},`,
          `You are no longer on the staff of ${shopName}, so the admin area is closed to you.`,
          'Your account stays: you can still sign in to shop, see your orders and keep your wishlist.',
        ],
        action: { label: `Visit ${shopName}`, url: publicUrl },
      })),
    };
  }
  const heading = `You are now ${roleWithArticle(role)} at ${shopName}`;
  return {
    to: to.email,
    subject: heading,
    ...(await renderMail({
      shopName,
      heading,
      paragraphs: [
        `Hello ${to.name},`,
        change === 'granted'
          ? `The shop owner gave your account the ${roleLabels[role]} role. Sign in with your usual password to open the admin area.`
          : `The shop owner changed your staff role to ${roleLabels[role]}. The admin area now shows what this role may do.`,
      ],
      action: { label: 'Open the admin area', url: `${publicUrl}/admin` },
    })),
  };
}

/** The invitation to join the staff: a one-use link to create (or confirm) the account with the role. */
export async function staffInvitationMail(options: {
  shopName: string;
  to: string;
  role: StaffRole;
  invitedBy: string;
  url: string;
  validHours: number;
}): Promise<MailMessage> {
  const { shopName, to, role, invitedBy, url, validHours } = options;
  return {
    to,
    subject: `Join ${shopName} as ${roleWithArticle(role)}`,
    ...(await renderMail({
      shopName,
      heading: `Join ${shopName} as ${roleWithArticle(role)}`,
      paragraphs: [
        'Hello,',
        `${invitedBy} invited you to the staff of ${shopName} with the ${roleLabels[role]} role.`,
        `The link below works once, for the next ${validHours} hours: choose your name and a password, and you are signed in to the admin area.`,
        'If you did not expect this, you can ignore this e-mail: nothing is created until the link is followed.',
      ],
      action: { label: 'Accept the invitation', url },
    })),
  };
}
