import type { BankErrors, BankValues } from './bank-form-checks.ts';
import { type BankField, bankFormSpec } from './bank-form-fields.ts';
import { TEST_BANK_VALUES } from './bank-test-values.ts';
import { escapeHtml, page } from './checkout-html.ts';
import { PAYOUT_COUNTRIES, type PayoutCountry } from './payout-countries.ts';
import { htmlLang, inLanguage, type OnboardingLanguage } from './onboarding-spanish.ts';
import type { BankOutcome } from './v2-objects.ts';

const fieldId = (name: string) => `f-${name}`;

function describedBy(id: string, hint: boolean, error: boolean): string {
  const ids = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return ids ? ` aria-describedby="${ids}"` : '';
}

function errorLine(id: string, error: string | undefined): string {
  return error ? `\n<p class="field-error" id="${id}-error">${escapeHtml(error)}</p>` : '';
}

function renderField(lang: OnboardingLanguage, field: BankField, values: BankValues, errors: BankErrors): string {
  const tr = (text: string) => inLanguage(lang, text);
  const id = fieldId(field.name);
  const value = values[field.name] ?? '';
  const error = errors[field.name] === undefined ? undefined : tr(errors[field.name]!);
  const invalid = error ? ' aria-invalid="true"' : '';
  const hint = field.hint ? `\n<p class="field-hint" id="${id}-hint">${escapeHtml(tr(field.hint))}</p>` : '';
  if (field.kind === 'radio') {
    const choices = (field.options ?? [])
      .map((o) => {
        const oid = `${id}-${o.value}`;
        return `<div class="choice"><input type="radio" id="${oid}" name="${field.name}" value="${escapeHtml(o.value)}"${o.value === value ? ' checked' : ''}${invalid}><label for="${oid}">${escapeHtml(tr(o.label))}</label></div>`;
      })
      .join('\n');
    return `<fieldset id="${id}"${describedBy(id, false, !!error)}>\n<legend>${escapeHtml(tr(field.label))}</legend>\n${choices}${errorLine(id, error)}\n</fieldset>`;
  }
  const aria = `${describedBy(id, !!field.hint, !!error)}${invalid}`;
  if (field.kind === 'select') {
    const options = [{ value: '', label: 'Choose…' }, ...(field.options ?? [])]
      .map((o) => `<option value="${escapeHtml(o.value)}"${o.value === value ? ' selected' : ''}>${escapeHtml(tr(o.label))}</option>`)
      .join('');
    return `<label for="${id}">${escapeHtml(tr(field.label))}</label>${hint}\n<select id="${id}" name="${field.name}"${aria}>${options}</select>${errorLine(id, error)}`;
  }
  const mode = field.inputmode ? ` inputmode="${field.inputmode}"` : '';
  const complete = ` autocomplete="${field.autocomplete ?? 'off'}"`;
  return `<label for="${id}">${escapeHtml(tr(field.label))}</label>${hint}\n<input id="${id}" name="${field.name}" value="${escapeHtml(value)}"${mode}${complete} spellcheck="false"${aria}>${errorLine(id, error)}`;
}

const OUTCOME_TEXT: Record<BankOutcome, string> = {
  succeed: 'Payouts are paid',
  no_account: 'Payouts fail: no such account',
  closed: 'Payouts come back: account closed',
};

function testValues(lang: OnboardingLanguage, country: PayoutCountry): string {
  const tr = (text: string) => inLanguage(lang, text);
  const spec = bankFormSpec(country);
  const items = (Object.keys(OUTCOME_TEXT) as BankOutcome[]).map((outcome) => {
    const values = TEST_BANK_VALUES[country][outcome];
    const parts = spec.fields
      .filter((f) => values[f.name] !== undefined)
      .map((f) => {
        const option = f.options?.find((o) => o.value === values[f.name])?.label;
        const shown = f.kind === 'text' ? values[f.name]! : option ? tr(option) : values[f.name]!;
        return `${escapeHtml(tr(f.label))} <code>${escapeHtml(shown)}</code>`;
      });
    return `<li>${escapeHtml(tr(OUTCOME_TEXT[outcome]))}: ${parts.join(', ')}</li>`;
  });
  return `<section aria-labelledby="test-values-heading">
<h2 id="test-values-heading">${tr('Test values')}</h2>
<ul>
${items.join('\n')}
</ul>
</section>`;
}

/**
 * The double's hosted recipient form: the bank fields of the account's country, with Stripe-like checks,
 * in the account's language (its defaults.locales, as Stripe's hosted pages).
 */
export function onboardingPage(opts: {
  country: PayoutCountry;
  language: OnboardingLanguage;
  displayName: string | null;
  update: boolean;
  token: string;
  session: string;
  values: BankValues;
  errors?: BankErrors;
  nonce: string;
}): string {
  const { country, values, errors = {}, language: lang } = opts;
  const tr = (text: string, v?: Record<string, string>) => inLanguage(lang, text, v);
  const spec = bankFormSpec(country);
  const summary = Object.entries(errors).map(([name, message]) => `<li><a href="#${fieldId(name)}">${escapeHtml(tr(message))}</a></li>`);
  const plain = spec.fields.filter((f) => !f.group).map((f) => renderField(lang, f, values, errors));
  const groups = spec.groups.map((g) => {
    const inner = spec.fields.filter((f) => f.group === g.id).map((f) => renderField(lang, f, values, errors));
    return `<fieldset>\n<legend>${escapeHtml(tr(g.legend))}</legend>\n${inner.join('\n')}\n</fieldset>`;
  });
  const title = tr(opts.update ? 'Update your payout bank account' : 'Set up payouts');
  const body = `<p><span class="badge">${tr('Test mode')}</span></p>
<h1>${title}</h1>
${opts.displayName ? `<p>${tr('For {name}, in {country}.', { name: `<strong>${escapeHtml(opts.displayName)}</strong>`, country: escapeHtml(tr(PAYOUT_COUNTRIES[country].name)) })}</p>` : ''}
<p>${escapeHtml(tr(spec.intro))}</p>
<p class="hint">${tr("A local stand-in for Stripe's hosted onboarding: nothing leaves this machine, and only the bank's name and the last four digits are kept.")}</p>
${summary.length ? `<div class="alert" role="alert" id="form-error"><p>${tr('Check these fields:')}</p><ul>\n${summary.join('\n')}\n</ul></div>` : ''}
<form method="post" action="/stripe/onboarding" novalidate>
<input type="hidden" name="link" value="${escapeHtml(opts.token)}">
<input type="hidden" name="session" value="${escapeHtml(opts.session)}">
${plain.join('\n')}
${groups.join('\n')}
<button type="submit">${tr('Save bank account')}</button>
</form>
${testValues(lang, country)}`;
  const html = page(`${title} ${tr('(test mode)')}`, body, opts.nonce);
  // The shared page frame is English; a Spanish or Portuguese form says so to screen readers and translators.
  return lang === 'en' ? html : html.replace('<html lang="en">', `<html lang="${htmlLang(lang)}">`);
}
