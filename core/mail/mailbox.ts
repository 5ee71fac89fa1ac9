/** Providers that ignore the dots of an address's local part, and one of them under two names. */
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The mailbox an address delivers to, as a key for limits and uniqueness (decision 0034): lower
 * case, without a `+tag` on the local part, and for Gmail without the local part's dots and with
 * googlemail.com read as gmail.com. `Ada.Obi+shoes@GoogleMail.com` and `adaobi@gmail.com` are one
 * mailbox. It is a key, never an address to write to: mail still goes to the address typed. A local
 * part that is only a tag (`+x@…`) is kept whole.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (GMAIL_DOMAINS.has(domain)) {
    local = local.replaceAll('.', '') || local;
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}
