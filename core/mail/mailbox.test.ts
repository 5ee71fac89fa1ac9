import { describe, expect, it } from 'vitest';
import { mailboxOf } from './mailbox';

describe('the mailbox an address delivers to', () => {
  it('folds case and a +tag for every provider', () => {
    expect(mailboxOf(' Victim+7@Example.NG ')).toBe('victim@example.ng');
    expect(mailboxOf('victim+a+b@example.ng')).toBe('victim@example.ng');
    expect(mailboxOf('first.last@example.ng')).toBe('first.last@example.ng');
  });

  it('folds the dots of a Gmail address and googlemail.com into gmail.com', () => {
    expect(mailboxOf('Ada.Obi+shoes@GoogleMail.com')).toBe('adaobi@gmail.com');
    expect(mailboxOf('a.d.a.o.b.i@gmail.com')).toBe('adaobi@gmail.com');
    expect(mailboxOf('ada.obi@gmail.com.ng')).toBe('ada.obi@gmail.com.ng');
  });

  it('keeps a local part that is only a tag, and what is not an address', () => {
    expect(mailboxOf('+x@example.ng')).toBe('+x@example.ng');
    expect(mailboxOf('no-at-sign')).toBe('no-at-sign');
  });
});
