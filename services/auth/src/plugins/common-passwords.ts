import { readFileSync } from 'node:fs';
import { join } from 'node:path';

let common: Set<string> | undefined;

/**
 * Whether a password is on the list of the most common ones (NIST SP 800-63B §5.1.1.2: check new
 * passwords against values known to be commonly used). Compared without case, so `Password1` is as
 * common as `password1`. The list is data in the repo (see the header of common-passwords.txt).
 */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    readFileSync(join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
      .split('\n')
      .filter((line) => line !== '' && !line.startsWith('#')),
  );
  return common.has(password.toLowerCase());
}
