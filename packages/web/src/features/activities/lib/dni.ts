// Stand-in until the shared validator lands (act-auth): the same rule, a DNI's or NIE's check letter.
const LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';

/** A DNI (8 digits and a letter) or NIE (X, Y or Z, 7 digits and a letter) with its right letter. */
export function isValidDni(value: string): boolean {
  const text = value.trim().toUpperCase().replace(/[\s-]/g, '');
  const match = /^([XYZ]?)(\d{7,8})([A-Z])$/.exec(text);
  if (!match) return false;
  const [, prefix = '', digits = '', letter] = match;
  if (prefix ? digits.length !== 7 : digits.length !== 8) return false;
  const number = Number(`${prefix ? 'XYZ'.indexOf(prefix) : ''}${digits}`);
  return LETTERS[number % 23] === letter;
}

export const DNI_INVALID = 'El DNI o NIE no es válido: revisa el número y la letra.';
