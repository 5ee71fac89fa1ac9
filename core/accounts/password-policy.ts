import { createRequire } from 'node:module';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { PASSWORD_MAX, PASSWORD_MIN } from '../../contracts/accounts';
import { AppError } from '../errors';

/** zxcvbn's 0–4: 3 is "safely unguessable" (about 10^8 guesses or more), what it advises for accounts. */
export const PASSWORD_MIN_SCORE = 3;

export const PASSWORD_TOO_COMMON = 'This password is too common. Please choose a less common one.';
export const PASSWORD_PERSONAL =
  'This password is too easy to guess: it contains your name or e-mail address, or the shop’s name.';
export const PASSWORD_TOO_GUESSABLE =
  'This password is too easy to guess. Add another word or a few more characters.';

/** Whose password it is: their name and address count against it, as zxcvbn's user inputs. */
export interface PasswordOwner {
  email?: string | null;
  name?: string | null;
}

/** Words every password here is judged against, whoever chooses it. */
const SHOP_WORDS = ['rossy', 'rossy.ng'];

/**
 * The judge, built on first use: the dictionaries (about 230,000 words, some 70 MB in memory) are
 * loaded then, not when the server starts, and only in the server (decision 0071). `require` keeps
 * the judgement synchronous while deferring the load.
 */
let judge: ZxcvbnFactory | undefined;
function zxcvbn(): ZxcvbnFactory {
  if (judge) return judge;
  const require = createRequire(import.meta.url);
  const { ZxcvbnFactory: Factory } = require('@zxcvbn-ts/core') as typeof import('@zxcvbn-ts/core');
  const common = require('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common');
  const en = require('@zxcvbn-ts/language-en') as typeof import('@zxcvbn-ts/language-en');
  judge = new Factory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
    // Its default (100 l33t substitutions) costs up to seconds on a long password on the event
    // loop; 4 still finds p@ssw0rd and R0ssy, in a few milliseconds.
    l33tMaxSubstitutions: 4,
    maxLength: PASSWORD_MAX,
  });
  return judge;
}

/** The owner's words worth matching: the address, its local part and the pieces of both, the name's words. */
function ownerWords(owner: PasswordOwner | undefined): string[] {
  const words = new Set(SHOP_WORDS);
  const email = owner?.email?.trim().toLowerCase();
  if (email) {
    words.add(email);
    const local = email.split('@')[0] ?? '';
    words.add(local);
    for (const piece of local.split(/[^\p{L}\p{N}]+/u)) words.add(piece);
  }
  const name = owner?.name?.trim().toLowerCase();
  if (name) {
    words.add(name);
    for (const piece of name.split(/[^\p{L}\p{N}]+/u)) words.add(piece);
  }
  // A letter or two would match inside any password and say nothing.
  return [...words].filter((word) => word.length >= 3);
}

/**
 * Why a new password is refused, in the words the forms show; null when it is acceptable. The
 * length first (PASSWORD_MIN..PASSWORD_MAX), then zxcvbn's score against the common-password
 * dictionaries, English words and names, keyboard patterns, dates and the owner's own name and
 * address: below PASSWORD_MIN_SCORE it is refused, saying which of those it leans on.
 */
export function passwordProblem(password: string, owner?: PasswordOwner): string | null {
  if (password.length < PASSWORD_MIN) return `Password must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `Password must be at most ${PASSWORD_MAX} characters`;
  const result = zxcvbn().check(password, ownerWords(owner));
  if (result.score >= PASSWORD_MIN_SCORE) return null;
  const dictionaries = new Set(
    // zxcvbn types a match's extra fields loosely (any); a dictionary's name is a string.
    result.sequence.flatMap((match) => ('dictionaryName' in match ? [match.dictionaryName as string] : [])),
  );
  if (dictionaries.has('userInputs')) return PASSWORD_PERSONAL;
  if (dictionaries.has('passwords-common') || result.score <= 1) return PASSWORD_TOO_COMMON;
  return PASSWORD_TOO_GUESSABLE;
}

/**
 * The refusal of a new password in `field`, or null: a length outside PASSWORD_MIN..PASSWORD_MAX breaks
 * the request's shape (400, as the API's schema says); a guessable password is refused by a rule (422).
 */
export function passwordRefusal(password: string, field: string, owner?: PasswordOwner): AppError | null {
  const problem = passwordProblem(password, owner);
  if (!problem) return null;
  const badLength = password.length < PASSWORD_MIN || password.length > PASSWORD_MAX;
  return new AppError(badLength ? 'BAD_REQUEST' : 'UNPROCESSABLE', problem, { [field]: problem });
}

export const PASSWORDS_DIFFER = 'Passwords do not match';

/**
 * The refusal of a password chosen on a form with its confirmation (sign-up, a reset, an invitation),
 * or null: the policy as passwordRefusal says, then the two typed alike (when the confirmation is sent).
 */
export function newPasswordRefusal(
  password: string,
  confirmPassword?: string,
  owner?: PasswordOwner,
): AppError | null {
  const refusal = passwordRefusal(password, 'password', owner);
  if (refusal) return refusal;
  if (confirmPassword !== undefined && confirmPassword !== password)
    return new AppError('UNPROCESSABLE', PASSWORDS_DIFFER, { confirmPassword: PASSWORDS_DIFFER });
  return null;
}
