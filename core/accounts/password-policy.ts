import { PASSWORD_MAX, PASSWORD_MIN } from '../../contracts/accounts';
import { AppError } from '../errors';

/**
 * The most common passwords of at least eight characters in public breach lists (NIST SP 800-63B
 * asks that such passwords be refused). Compared case-insensitively.
 */
const COMMON_PASSWORDS = new Set([
  '12345678',
  '123456789',
  '1234567890',
  '12345678910',
  '11111111',
  '00000000',
  '87654321',
  '11223344',
  '12341234',
  '123123123',
  '1q2w3e4r',
  '1q2w3e4r5t',
  'password',
  'password1',
  'password12',
  'password123',
  'passw0rd',
  'p@ssw0rd',
  'p@ssword',
  'qwertyuiop',
  'qwerty123',
  'qwerty12',
  'qwertyui',
  'asdfghjkl',
  'zxcvbnm1',
  'iloveyou',
  'iloveyou1',
  'sunshine',
  'princess',
  'football',
  'baseball',
  'welcome1',
  'welcome123',
  'admin123',
  'administrator',
  'letmein1',
  'trustno1',
  'superman',
  'starwars',
  'whatever',
  'computer',
  'michelle',
  'jennifer',
  'liverpool',
  'chelsea1',
  'arsenal1',
  'manchester',
  'abcd1234',
  'abc12345',
  'aa123456',
  'a1b2c3d4',
  'changeme',
  'default1',
  'internet',
  'password!',
  'qazwsxedc',
  '1qaz2wsx',
  'zaq12wsx',
  'mustang1',
  'shadow12',
  'master12',
  'dragon12',
  'monkey12',
  'football1',
  'nigeria1',
  'nigeria123',
  'lagos123',
  'naija123',
  'rossy123',
  'rossyshop',
  'jesus123',
  'blessing',
  'blessed1',
  'godisgood',
  'favour123',
  'testtest',
  'test1234',
  'demo1234',
  'secret12',
  'iloveu123',
]);

/** Why a new password is refused, in the words the forms show; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    return 'This password is too common. Please choose a less common one.';
  return null;
}

/**
 * The refusal of a new password in `field`, or null: a length outside PASSWORD_MIN..PASSWORD_MAX breaks
 * the request's shape (400, as the API's schema says); a common password is refused by a rule (422).
 */
export function passwordRefusal(password: string, field: string): AppError | null {
  const problem = passwordProblem(password);
  if (!problem) return null;
  const badLength = password.length < PASSWORD_MIN || password.length > PASSWORD_MAX;
  return new AppError(badLength ? 'BAD_REQUEST' : 'UNPROCESSABLE', problem, { [field]: problem });
}

export const PASSWORDS_DIFFER = 'Passwords do not match';

/**
 * The refusal of a password chosen on a form with its confirmation (sign-up, a reset, an invitation),
 * or null: the policy as passwordRefusal says, then the two typed alike (when the confirmation is sent).
 */
export function newPasswordRefusal(password: string, confirmPassword?: string): AppError | null {
  const refusal = passwordRefusal(password, 'password');
  if (refusal) return refusal;
  if (confirmPassword !== undefined && confirmPassword !== password)
    return new AppError('UNPROCESSABLE', PASSWORDS_DIFFER, { confirmPassword: PASSWORDS_DIFFER });
  return null;
}
