/**
 * Bank names by the code that starts each country's account identifier (or that the form selects), for the
 * payout method's `bank_name`, the one bank detail Stripe returns besides the last four digits.
 */
export const US_BANKS: Record<string, string> = {
  '110000000': 'STRIPE TEST BANK',
  '021000021': 'JPMORGAN CHASE BANK',
  '026009593': 'BANK OF AMERICA',
  '121000248': 'WELLS FARGO BANK',
};

export const MX_BANKS: Record<string, string> = {
  '002': 'BANAMEX', '012': 'BBVA MEXICO', '014': 'SANTANDER', '021': 'HSBC', '030': 'BAJIO', '036': 'INBURSA', '044': 'SCOTIABANK',
  '058': 'BANREGIO', '072': 'BANORTE', '127': 'AZTECA', '137': 'BANCOPPEL', '638': 'NU MEXICO', '646': 'STP', '722': 'MERCADO PAGO W',
};

export const AR_BANKS: Record<string, string> = {
  '007': 'BANCO DE GALICIA', '011': 'BANCO DE LA NACION ARGENTINA', '014': 'BANCO DE LA PROVINCIA DE BUENOS AIRES', '015': 'ICBC',
  '017': 'BBVA ARGENTINA', '072': 'BANCO SANTANDER ARGENTINA', '150': 'HSBC BANK ARGENTINA', '191': 'BANCO CREDICOOP', '285': 'BANCO MACRO',
};

export const BR_BANKS: Record<string, string> = {
  '001': 'BANCO DO BRASIL', '033': 'BANCO SANTANDER BRASIL', '077': 'BANCO INTER', '104': 'CAIXA ECONOMICA FEDERAL', '237': 'BRADESCO',
  '260': 'NU PAGAMENTOS', '336': 'BANCO C6', '341': 'ITAU UNIBANCO',
};

export const CO_BANKS: Record<string, string> = {
  '001': 'BANCO DE BOGOTA', '007': 'BANCOLOMBIA', '013': 'BBVA COLOMBIA', '023': 'BANCO DE OCCIDENTE', '051': 'DAVIVIENDA', '507': 'NEQUI',
};

export const CL_BANKS: Record<string, string> = {
  '001': 'BANCO DE CHILE', '012': 'BANCOESTADO', '014': 'SCOTIABANK CHILE', '016': 'BCI', '037': 'BANCO SANTANDER CHILE', '039': 'BANCO ITAU CHILE',
};

export const PE_BANKS: Record<string, string> = {
  '002': 'BCP', '003': 'INTERBANK', '009': 'SCOTIABANK PERU', '011': 'BBVA PERU', '018': 'BANCO DE LA NACION', '038': 'BANBIF',
};

/** A code's name, or a neutral one for a well-formed code the table lacks (the double knows few banks). */
export function bankName(table: Record<string, string>, code: string): string {
  return table[code] ?? `BANK ${code}`;
}
