/**
 * The hosted onboarding form in Spanish (issue 32, item 9): Stripe's hosted pages follow the account's
 * `defaults.locales`, which the payouts function sets to the creator's language. The double's form keeps
 * its texts in English where they are defined (fields, checks, page) and reads them through this table,
 * so a Spanish-speaking creator sees a Spanish form; onboarding-pages.test.ts checks that every text the
 * form can show has its Spanish here.
 */
import { PORTUGUESE } from './onboarding-portuguese.ts';

export type OnboardingLanguage = 'en' | 'es' | 'pt';

/**
 * The language of the account's first locale ("es-419", "es" → Spanish; "pt-BR", "pt" → Portuguese, issue
 * 37); English otherwise, as Stripe's default.
 */
export function onboardingLanguage(locales: readonly string[] | undefined): OnboardingLanguage {
  const first = locales?.[0]?.toLowerCase() ?? '';
  return /^es(-|$)/.test(first) ? 'es' : /^pt(-|$)/.test(first) ? 'pt' : 'en';
}

/** The page's `lang`: pt-BR tells screen readers Brazilian from European Portuguese. */
export const htmlLang = (language: OnboardingLanguage): string => (language === 'pt' ? 'pt-BR' : language);

export const SPANISH: Record<string, string> = {
  // The page.
  'Set up payouts': 'Configura tus retiros',
  'Update your payout bank account': 'Actualiza tu cuenta bancaria de retiros',
  '(test mode)': '(modo de prueba)',
  'Test mode': 'Modo de prueba',
  'For {name}, in {country}.': 'Para {name}, en {country}.',
  "A local stand-in for Stripe's hosted onboarding: nothing leaves this machine, and only the bank's name and the last four digits are kept.":
    'Un sustituto local del formulario de Stripe: nada sale de esta máquina, y solo se guardan el nombre del banco y los últimos cuatro dígitos.',
  'Check these fields:': 'Revisa estos campos:',
  'Save bank account': 'Guardar cuenta bancaria',
  'Choose…': 'Elige…',
  'Test values': 'Valores de prueba',
  'Payouts are paid': 'Los retiros se pagan',
  'Payouts fail: no such account': 'Los retiros fallan: la cuenta no existe',
  'Payouts come back: account closed': 'Los retiros se devuelven: cuenta cerrada',
  // The pages around the form.
  'Link expired': 'Enlace vencido',
  'This link has expired or was already used. Go back to the site to get a new one.': 'Este enlace venció o ya se usó. Vuelve al sitio para obtener uno nuevo.',
  'Bank account saved': 'Cuenta bancaria guardada',
  'Your payouts will go to this bank account. You can close this window.': 'Tus retiros irán a esta cuenta bancaria. Ya puedes cerrar esta ventana.',
  // Countries.
  'United States': 'Estados Unidos',
  Mexico: 'México',
  Colombia: 'Colombia',
  Argentina: 'Argentina',
  Brazil: 'Brasil',
  Chile: 'Chile',
  Peru: 'Perú',
  // What each country's rail needs.
  'Payouts go to a US bank account by ACH, in US dollars.': 'Los retiros van a una cuenta bancaria de Estados Unidos por ACH, en dólares estadounidenses.',
  'Payouts arrive by SPEI in Mexican pesos; Stripe converts them from US dollars.': 'Los retiros llegan por SPEI en pesos mexicanos; Stripe los convierte desde dólares estadounidenses.',
  'Payouts arrive by bank transfer in Argentine pesos; Stripe converts them from US dollars.':
    'Los retiros llegan por transferencia bancaria en pesos argentinos; Stripe los convierte desde dólares estadounidenses.',
  'Payouts arrive in Brazilian reais, to a Pix key or a bank account; Stripe converts them from US dollars.':
    'Los retiros llegan en reales brasileños, a una clave Pix o a una cuenta bancaria; Stripe los convierte desde dólares estadounidenses.',
  'Payouts arrive by ACH Colombia in Colombian pesos; Stripe converts them from US dollars.': 'Los retiros llegan por ACH Colombia en pesos colombianos; Stripe los convierte desde dólares estadounidenses.',
  'Payouts arrive by bank transfer in Chilean pesos; Stripe converts them from US dollars.': 'Los retiros llegan por transferencia bancaria en pesos chilenos; Stripe los convierte desde dólares estadounidenses.',
  'Payouts arrive by interbank transfer in Peruvian soles; Stripe converts them from US dollars.':
    'Los retiros llegan por transferencia interbancaria en soles peruanos; Stripe los convierte desde dólares estadounidenses.',
  // Fields, hints, groups and choices.
  'Account holder name': 'Nombre del titular de la cuenta',
  'As the bank has it.': 'Como lo tiene registrado el banco.',
  'Routing number': 'Número de ruta (routing number)',
  '9 digits, printed at the bottom left of a check.': '9 dígitos, impresos abajo a la izquierda de un cheque.',
  'Account number': 'Número de cuenta',
  '4 to 17 digits.': 'De 4 a 17 dígitos.',
  'Account type': 'Tipo de cuenta',
  Checking: 'Corriente',
  Savings: 'Ahorros',
  CLABE: 'CLABE',
  '18 digits.': '18 dígitos.',
  'CBU or CVU': 'CBU o CVU',
  '22 digits.': '22 dígitos.',
  'Bank account (TED)': 'Cuenta bancaria (TED)',
  'Pix key': 'Clave Pix',
  'CPF or CNPJ of the account holder': 'CPF o CNPJ del titular de la cuenta',
  '11 digits for a CPF (000.000.000-00), 14 for a CNPJ (00.000.000/0000-00).': '11 dígitos para un CPF (000.000.000-00), 14 para un CNPJ (00.000.000/0000-00).',
  'Receive payouts by': 'Recibir los retiros por',
  'Bank account': 'Cuenta bancaria',
  'Bank code': 'Código del banco',
  '3 digits, e.g. 341.': '3 dígitos, por ejemplo 341.',
  'Branch (agência)': 'Sucursal (agência)',
  '4 digits.': '4 dígitos.',
  'Account number with check digit': 'Número de cuenta con dígito verificador',
  'For example 12345-6.': 'Por ejemplo 12345-6.',
  'Conta corrente': 'Conta corrente',
  'Conta poupança': 'Conta poupança',
  'Key type': 'Tipo de clave',
  CPF: 'CPF',
  CNPJ: 'CNPJ',
  Email: 'Correo electrónico',
  Phone: 'Teléfono',
  'Random key': 'Clave aleatoria',
  Bank: 'Banco',
  Ahorros: 'Ahorros',
  Corriente: 'Corriente',
  '6 to 20 digits.': 'De 6 a 20 dígitos.',
  'Holder ID document': 'Documento de identidad del titular',
  'Cédula de ciudadanía': 'Cédula de ciudadanía',
  'Cédula de extranjería': 'Cédula de extranjería',
  NIT: 'NIT',
  Pasaporte: 'Pasaporte',
  'ID document number': 'Número del documento',
  'For a NIT, add its verification digit: 900123456-8.': 'Para un NIT, agrega su dígito de verificación: 900123456-8.',
  'RUT of the account holder': 'RUT del titular de la cuenta',
  'For example 12.345.678-5.': 'Por ejemplo 12.345.678-5.',
  'Cuenta corriente': 'Cuenta corriente',
  'Cuenta vista / Cuenta RUT': 'Cuenta vista / Cuenta RUT',
  'Cuenta de ahorro': 'Cuenta de ahorro',
  '4 to 20 digits.': 'De 4 a 20 dígitos.',
  'CCI (código de cuenta interbancario)': 'CCI (código de cuenta interbancario)',
  '20 digits.': '20 dígitos.',
  // The checks' messages.
  "Enter the account holder's full name.": 'Escribe el nombre completo del titular de la cuenta.',
  'The name can have up to 100 characters.': 'El nombre puede tener hasta 100 caracteres.',
  'Use letters, spaces, apostrophes, dots and hyphens only.': 'Usa solo letras, espacios, apóstrofos, puntos y guiones.',
  'The routing number must have 9 digits.': 'El número de ruta debe tener 9 dígitos.',
  'This routing number is not valid. Check it on a check or with your bank.': 'Este número de ruta no es válido. Revísalo en un cheque o con tu banco.',
  'The account number must have 4 to 17 digits.': 'El número de cuenta debe tener de 4 a 17 dígitos.',
  'Choose checking or savings.': 'Elige corriente o ahorros.',
  'The CLABE must have 18 digits.': 'La CLABE debe tener 18 dígitos.',
  "This CLABE's control digit does not match. Check the number.": 'El dígito de control de esta CLABE no coincide. Revisa el número.',
  'The CBU or CVU must have 22 digits.': 'El CBU o CVU debe tener 22 dígitos.',
  'This CBU or CVU has a wrong check digit. Check the number.': 'Este CBU o CVU tiene un dígito verificador incorrecto. Revisa el número.',
  'This CPF is not valid. Check its digits.': 'Este CPF no es válido. Revisa sus dígitos.',
  'This CNPJ is not valid. Check its digits.': 'Este CNPJ no es válido. Revisa sus dígitos.',
  'Enter an 11-digit CPF or a 14-digit CNPJ.': 'Escribe un CPF de 11 dígitos o un CNPJ de 14 dígitos.',
  'Enter your Pix key.': 'Escribe tu clave Pix.',
  'This CPF key is not valid. Check its digits.': 'Esta clave CPF no es válida. Revisa sus dígitos.',
  'This CNPJ key is not valid. Check its digits.': 'Esta clave CNPJ no es válida. Revisa sus dígitos.',
  'Enter the email key as name@example.com.': 'Escribe la clave de correo como nombre@ejemplo.com.',
  'Enter the phone key as +55 followed by the area code and number.': 'Escribe la clave de teléfono como +55 seguido del código de área y el número.',
  'A random key has 32 letters and digits in five groups: 123e4567-e89b-12d3-a456-426614174000.':
    'Una clave aleatoria tiene 32 letras y dígitos en cinco grupos: 123e4567-e89b-12d3-a456-426614174000.',
  'Choose a bank account or a Pix key.': 'Elige una cuenta bancaria o una clave Pix.',
  'Choose the type of your Pix key.': 'Elige el tipo de tu clave Pix.',
  'The bank code must have 3 digits.': 'El código del banco debe tener 3 dígitos.',
  'The branch must have 4 digits, with an optional check digit.': 'La sucursal debe tener 4 dígitos, con un dígito verificador opcional.',
  'Enter the account number with its check digit, for example 12345-6.': 'Escribe el número de cuenta con su dígito verificador, por ejemplo 12345-6.',
  'Choose conta corrente or conta poupança.': 'Elige conta corrente o conta poupança.',
  'Choose the type of ID document.': 'Elige el tipo de documento de identidad.',
  'A cédula de ciudadanía has 5 to 10 digits.': 'Una cédula de ciudadanía tiene de 5 a 10 dígitos.',
  'A cédula de extranjería has 6 to 10 digits.': 'Una cédula de extranjería tiene de 6 a 10 dígitos.',
  'A passport number has 5 to 15 letters and digits.': 'Un número de pasaporte tiene de 5 a 15 letras y dígitos.',
  'Enter the NIT with its verification digit, for example 900123456-8.': 'Escribe el NIT con su dígito de verificación, por ejemplo 900123456-8.',
  "This NIT's verification digit does not match.": 'El dígito de verificación de este NIT no coincide.',
  'Choose your bank.': 'Elige tu banco.',
  'Choose ahorros or corriente.': 'Elige ahorros o corriente.',
  'The account number must have 6 to 20 digits.': 'El número de cuenta debe tener de 6 a 20 dígitos.',
  'Enter the RUT with its verifier digit, for example 12.345.678-5.': 'Escribe el RUT con su dígito verificador, por ejemplo 12.345.678-5.',
  "This RUT's verifier digit does not match.": 'El dígito verificador de este RUT no coincide.',
  'Choose the account type.': 'Elige el tipo de cuenta.',
  'The account number must have 4 to 20 digits.': 'El número de cuenta debe tener de 4 a 20 dígitos.',
  'The CCI must have 20 digits.': 'El CCI debe tener 20 dígitos.',
  "The CCI's first three digits must be a Peruvian bank's code, for example 002 for BCP.": 'Los tres primeros dígitos del CCI deben ser el código de un banco peruano, por ejemplo 002 para BCP.',
};

const TABLES: Record<OnboardingLanguage, Record<string, string> | null> = { en: null, es: SPANISH, pt: PORTUGUESE };

/** A text of the form in the account's language; one without an entry stays English (the test forbids it). */
export function inLanguage(language: OnboardingLanguage, english: string, values: Record<string, string> = {}): string {
  const template = TABLES[language]?.[english] ?? english;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
}
