/**
 * Check digits of the bank and tax identifiers the onboarding form asks for, as their issuers define them.
 * Each takes digits only (callers strip spaces, dots and dashes first).
 */

const digitsOf = (s: string) => [...s].map(Number);

/** US ABA routing number: 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) is a multiple of 10. */
export function abaValid(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const d = digitsOf(routing);
  const sum = [3, 7, 1, 3, 7, 1, 3, 7, 1].reduce((acc, w, i) => acc + w * d[i]!, 0);
  return sum % 10 === 0;
}

/** Mexico's CLABE control digit (Banxico): weights 3, 7, 1 over the first 17 digits, each product mod 10. */
export function clabeCheckDigit(first17: string): number {
  const sum = digitsOf(first17).reduce((acc, d, i) => acc + ((d * [3, 7, 1][i % 3]!) % 10), 0);
  return (10 - (sum % 10)) % 10;
}

export function clabeValid(clabe: string): boolean {
  return /^\d{18}$/.test(clabe) && clabeCheckDigit(clabe.slice(0, 17)) === Number(clabe[17]);
}

function weightedCheck(digits: string, weights: readonly number[]): number {
  const sum = digitsOf(digits).reduce((acc, d, i) => acc + d * weights[i]!, 0);
  return (10 - (sum % 10)) % 10;
}

const CBU_BLOCK1 = [7, 1, 3, 9, 7, 1, 3];
const CBU_BLOCK2 = [3, 9, 7, 1, 3, 9, 7, 1, 3, 9, 7, 1, 3];

/** Argentina's CBU/CVU (BCRA): bank+branch with a check digit, then the 13-digit account with its own. */
export function cbuWithCheckDigits(bankBranch7: string, account13: string): string {
  return `${bankBranch7}${weightedCheck(bankBranch7, CBU_BLOCK1)}${account13}${weightedCheck(account13, CBU_BLOCK2)}`;
}

export function cbuValid(cbu: string): boolean {
  return /^\d{22}$/.test(cbu) && cbuWithCheckDigits(cbu.slice(0, 7), cbu.slice(8, 21)) === cbu;
}

/** Chile's RUT verifier (módulo 11): '0'-'9' or 'K'. */
export function rutVerifier(body: string): string {
  let sum = 0;
  let weight = 2;
  for (let i = body.length - 1; i >= 0; i--) {
    sum += Number(body[i]) * weight;
    weight = weight === 7 ? 2 : weight + 1;
  }
  const v = 11 - (sum % 11);
  return v === 11 ? '0' : v === 10 ? 'K' : String(v);
}

/** A RUT as typed (`12.345.678-5`), normalised to `12345678-5`, or undefined when its verifier is wrong. */
export function normaliseRut(typed: string): string | undefined {
  const m = /^(\d{1,2}(?:\.?\d{3}){2}|\d{7,8})-?([\dkK])$/.exec(typed.trim());
  if (!m) return undefined;
  const body = m[1]!.replace(/\./g, '');
  return rutVerifier(body) === m[2]!.toUpperCase() ? `${body}-${m[2]!.toUpperCase()}` : undefined;
}

/** Brazil's CPF: two módulo-11 check digits; repeated digits (111.111.111-11) are not issued. */
export function cpfValid(cpf: string): boolean {
  if (!/^\d{11}$/.test(cpf) || /^(\d)\1{10}$/.test(cpf)) return false;
  const d = digitsOf(cpf);
  const check = (n: number) => {
    const sum = d.slice(0, n).reduce((acc, x, i) => acc + x * (n + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return check(9) === d[9] && check(10) === d[10];
}

/** Brazil's CNPJ: two módulo-11 check digits with its own weights. */
export function cnpjValid(cnpj: string): boolean {
  if (!/^\d{14}$/.test(cnpj) || /^(\d)\1{13}$/.test(cnpj)) return false;
  const d = digitsOf(cnpj);
  const check = (weights: number[]) => {
    const r = weights.reduce((acc, w, i) => acc + w * d[i]!, 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return check([5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === d[12] && check([6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]) === d[13];
}

const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];

/** Colombia's NIT verification digit (DIAN): prime weights from the right, módulo 11. */
export function nitVerifier(body: string): number {
  const d = digitsOf(body).reverse();
  const r = d.reduce((acc, x, i) => acc + x * NIT_WEIGHTS[i]!, 0) % 11;
  return r > 1 ? 11 - r : r;
}
