/** Staff account names: short, plain and case-folded, so one person cannot hold "Ali" and "ali". */
export const STAFF_NAME = /^[a-z0-9][a-z0-9._-]{1,63}$/;

export function staffNameProblem(name: string): string | null {
  return STAFF_NAME.test(name)
    ? null
    : 'a staff name is 2 to 64 characters: lower-case Latin letters, digits, dot, dash or underscore, starting with a letter or digit';
}
