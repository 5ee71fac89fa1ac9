import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contracts/accounts';
import {
  PASSWORD_PERSONAL,
  PASSWORD_TOO_COMMON,
  PASSWORD_TOO_GUESSABLE,
  PASSWORDS_DIFFER,
  newPasswordRefusal,
  passwordProblem,
  passwordRefusal,
} from './password-policy';

describe('the password policy (zxcvbn, decision 0071)', () => {
  it('says the length first, in the shop’s words', () => {
    expect(passwordProblem('short1')).toBe(`Password must be at least ${PASSWORD_MIN} characters`);
    expect(passwordProblem('x'.repeat(PASSWORD_MAX + 1))).toBe(
      `Password must be at most ${PASSWORD_MAX} characters`,
    );
  });

  it('refuses the common passwords and their disguises as too common', () => {
    for (const password of ['password123', 'Password123', 'P@ssw0rd!', 'qwerty123', '12345678', 'iloveyou1'])
      expect(passwordProblem(password), password).toBe(PASSWORD_TOO_COMMON);
  });

  it('counts the owner’s name, address and the shop’s name against the password', () => {
    expect(passwordProblem('Rossy2026!', { name: 'Rossy Eze', email: 'rossy@example.ng' })).toBe(
      PASSWORD_PERSONAL,
    );
    // The shop's own name is refused whoever chooses it.
    expect(passwordProblem('Rossy2026!')).toBe(PASSWORD_PERSONAL);
    expect(passwordProblem('ada.obi@example.ng', { name: 'Ada Obi', email: 'ada.obi@example.ng' })).toBe(
      PASSWORD_PERSONAL,
    );
    expect(passwordProblem('Chiamaka1990', { name: 'Chiamaka Nwosu', email: 'cn@example.ng' })).toBe(
      PASSWORD_PERSONAL,
    );
    // The same password is fine for someone else.
    expect(passwordProblem('Chiamaka1990', { name: 'Tobi Ade', email: 'tobi@example.ng' })).toBeNull();
  });

  it('refuses a short password that no dictionary knows but is quickly guessed', () => {
    expect(passwordProblem('Xk9#mQ2!')).toBe(PASSWORD_TOO_GUESSABLE);
  });

  it('accepts a long passphrase and a generated password', () => {
    expect(passwordProblem('jollof rice and plantain on sunday')).toBeNull();
    expect(passwordProblem('correct horse battery staple')).toBeNull();
    expect(passwordProblem('Kente-Weave-99', { name: 'Ada Obi', email: 'ada@example.ng' })).toBeNull();
    expect(passwordProblem('q3V9rT_x7LmP2wZa')).toBeNull();
  });

  it('answers a long password quickly, the dictionaries loaded once', () => {
    passwordProblem('warm-the-judge-up-1');
    const started = performance.now();
    expect(passwordProblem('Kente-Weave-99'.repeat(9).slice(0, PASSWORD_MAX))).toBeNull();
    expect(passwordProblem(`${'a'.repeat(PASSWORD_MAX - 1)}!`)).toBe(PASSWORD_TOO_COMMON);
    // Generous for a loaded test machine; the default l33t search took seconds here.
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it('refuses a bad length with 400 and a guessable password with 422, naming the field', () => {
    expect(passwordRefusal('short1', 'newPassword')).toMatchObject({ code: 'BAD_REQUEST' });
    const guessable = passwordRefusal('Rossy2026!', 'newPassword', { name: 'Rossy' });
    expect(guessable).toMatchObject({
      code: 'UNPROCESSABLE',
      message: PASSWORD_PERSONAL,
      fields: { newPassword: PASSWORD_PERSONAL },
    });
    expect(passwordRefusal('Kente-Weave-99', 'newPassword')).toBeNull();
  });

  it('checks the confirmation after the policy', () => {
    expect(newPasswordRefusal('password123', 'other')).toMatchObject({
      fields: { password: PASSWORD_TOO_COMMON },
    });
    expect(newPasswordRefusal('Kente-Weave-99', 'Kente-Weave-98')).toMatchObject({
      fields: { confirmPassword: PASSWORDS_DIFFER },
    });
    expect(
      newPasswordRefusal('ada.obi@example.ng', 'ada.obi@example.ng', { email: 'ada.obi@example.ng' }),
    ).toMatchObject({ fields: { password: PASSWORD_PERSONAL } });
    expect(newPasswordRefusal('Kente-Weave-99', 'Kente-Weave-99')).toBeNull();
  });
});
