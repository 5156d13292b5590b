import { CL_BANKS, CO_BANKS } from './bank-names.ts';
import type { PayoutCountry } from './payout-countries.ts';

export interface FieldOption {
  value: string;
  label: string;
}

/** One input of the onboarding form; `group` puts it in one of the form's alternative fieldsets. */
export interface BankField {
  name: string;
  label: string;
  hint?: string;
  kind: 'text' | 'select' | 'radio';
  options?: FieldOption[];
  inputmode?: 'numeric' | 'email' | 'text' | 'tel';
  autocomplete?: string;
  group?: 'bank_account' | 'pix';
}

export interface BankFormSpec {
  /** What the country's rail needs, said once above the fields. */
  intro: string;
  fields: BankField[];
  groups: { id: 'bank_account' | 'pix'; legend: string }[];
}

const HOLDER: BankField = { name: 'holder_name', label: 'Account holder name', hint: 'As the bank has it.', kind: 'text', autocomplete: 'name' };

const options = (table: Record<string, string>): FieldOption[] => Object.entries(table).map(([value, label]) => ({ value, label }));

/** The fields each country's local rail needs, as Stripe's hosted form asks for them. */
export function bankFormSpec(country: PayoutCountry): BankFormSpec {
  switch (country) {
    case 'US':
      return {
        intro: 'Payouts go to a US bank account by ACH, in US dollars.',
        groups: [],
        fields: [
          HOLDER,
          { name: 'routing_number', label: 'Routing number', hint: '9 digits, printed at the bottom left of a check.', kind: 'text', inputmode: 'numeric' },
          { name: 'account_number', label: 'Account number', hint: '4 to 17 digits.', kind: 'text', inputmode: 'numeric' },
          { name: 'account_type', label: 'Account type', kind: 'select', options: [{ value: 'checking', label: 'Checking' }, { value: 'savings', label: 'Savings' }] },
        ],
      };
    case 'MX':
      return {
        intro: 'Payouts arrive by SPEI in Mexican pesos; Stripe converts them from US dollars.',
        groups: [],
        fields: [HOLDER, { name: 'clabe', label: 'CLABE', hint: '18 digits.', kind: 'text', inputmode: 'numeric' }],
      };
    case 'AR':
      return {
        intro: 'Payouts arrive by bank transfer in Argentine pesos; Stripe converts them from US dollars.',
        groups: [],
        fields: [HOLDER, { name: 'cbu', label: 'CBU or CVU', hint: '22 digits.', kind: 'text', inputmode: 'numeric' }],
      };
    case 'BR':
      return {
        intro: 'Payouts arrive in Brazilian reais, to a Pix key or a bank account; Stripe converts them from US dollars.',
        groups: [
          { id: 'bank_account', legend: 'Bank account (TED)' },
          { id: 'pix', legend: 'Pix key' },
        ],
        fields: [
          HOLDER,
          { name: 'holder_tax_id', label: 'CPF or CNPJ of the account holder', hint: '11 digits for a CPF (000.000.000-00), 14 for a CNPJ (00.000.000/0000-00).', kind: 'text', inputmode: 'numeric' },
          { name: 'method', label: 'Receive payouts by', kind: 'radio', options: [{ value: 'bank_account', label: 'Bank account' }, { value: 'pix', label: 'Pix key' }] },
          { name: 'bank_code', label: 'Bank code', hint: '3 digits, e.g. 341.', kind: 'text', inputmode: 'numeric', group: 'bank_account' },
          { name: 'branch', label: 'Branch (agência)', hint: '4 digits.', kind: 'text', inputmode: 'numeric', group: 'bank_account' },
          { name: 'account_number', label: 'Account number with check digit', hint: 'For example 12345-6.', kind: 'text', group: 'bank_account' },
          {
            name: 'account_type', label: 'Account type', kind: 'select', group: 'bank_account',
            options: [{ value: 'corrente', label: 'Conta corrente' }, { value: 'poupanca', label: 'Conta poupança' }],
          },
          {
            name: 'pix_key_type', label: 'Key type', kind: 'select', group: 'pix',
            options: [
              { value: 'cpf', label: 'CPF' }, { value: 'cnpj', label: 'CNPJ' }, { value: 'email', label: 'Email' },
              { value: 'phone', label: 'Phone' }, { value: 'random', label: 'Random key' },
            ],
          },
          { name: 'pix_key', label: 'Pix key', kind: 'text', group: 'pix' },
        ],
      };
    case 'CO':
      return {
        intro: 'Payouts arrive by ACH Colombia in Colombian pesos; Stripe converts them from US dollars.',
        groups: [],
        fields: [
          HOLDER,
          { name: 'bank', label: 'Bank', kind: 'select', options: options(CO_BANKS) },
          { name: 'account_type', label: 'Account type', kind: 'select', options: [{ value: 'ahorros', label: 'Ahorros' }, { value: 'corriente', label: 'Corriente' }] },
          { name: 'account_number', label: 'Account number', hint: '6 to 20 digits.', kind: 'text', inputmode: 'numeric' },
          {
            name: 'id_type', label: 'Holder ID document', kind: 'select',
            options: [
              { value: 'CC', label: 'Cédula de ciudadanía' }, { value: 'CE', label: 'Cédula de extranjería' },
              { value: 'NIT', label: 'NIT' }, { value: 'PP', label: 'Pasaporte' },
            ],
          },
          { name: 'id_number', label: 'ID document number', hint: 'For a NIT, add its verification digit: 900123456-8.', kind: 'text' },
        ],
      };
    case 'CL':
      return {
        intro: 'Payouts arrive by bank transfer in Chilean pesos; Stripe converts them from US dollars.',
        groups: [],
        fields: [
          HOLDER,
          { name: 'rut', label: 'RUT of the account holder', hint: 'For example 12.345.678-5.', kind: 'text' },
          { name: 'bank', label: 'Bank', kind: 'select', options: options(CL_BANKS) },
          {
            name: 'account_type', label: 'Account type', kind: 'select',
            options: [{ value: 'corriente', label: 'Cuenta corriente' }, { value: 'vista', label: 'Cuenta vista / Cuenta RUT' }, { value: 'ahorro', label: 'Cuenta de ahorro' }],
          },
          { name: 'account_number', label: 'Account number', hint: '4 to 20 digits.', kind: 'text', inputmode: 'numeric' },
        ],
      };
    case 'PE':
      return {
        intro: 'Payouts arrive by interbank transfer in Peruvian soles; Stripe converts them from US dollars.',
        groups: [],
        fields: [HOLDER, { name: 'cci', label: 'CCI (código de cuenta interbancario)', hint: '20 digits.', kind: 'text', inputmode: 'numeric' }],
      };
  }
}
