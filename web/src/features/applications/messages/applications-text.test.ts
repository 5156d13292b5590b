import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { applyMessages } from '../api/apply-schema';
import { type ApplicationsT, applicationErrorText, applicationStatusText, applyValidationText, compensationTypeText, contentTypeText } from './applications-text';
import en from './en.json';
import es from './es.json';

// The JSON imports are compiled by the catalogs' build plugin, as in the app.
const i18n = setupI18n({ locale: 'es', messages: { es, en } as never });
const tOf = (locale: 'es' | 'en'): ApplicationsT => (key, values) => {
  i18n.activate(locale);
  return i18n._(key, values);
};
const tEs = tOf('es');
const tEn = tOf('en');

describe('application texts', () => {
  it('name statuses and campaign kinds in each language', () => {
    expect(applicationStatusText(tEn, 'accepted')).toBe('Accepted');
    expect(applicationStatusText(tEs, 'accepted')).toBe('Aceptada');
    expect(applicationStatusText(tEs, 'withdrawn')).toBe('Withdrawn');
    expect(contentTypeText(tEs, 'story')).toBe('Historia');
    expect(compensationTypeText(tEs, 'flat_fee')).toBe('Tarifa fija');
  });

  it('translate the pitch rules', () => {
    expect(applyValidationText(tEn, applyMessages.pitchRequired)).toBe(applyMessages.pitchRequired);
    expect(applyValidationText(tEs, applyMessages.pitchRequired)).toBe('Escribe una propuesta que explique por qué eres ideal para esta campaña.');
    expect(applyValidationText(tEs, applyMessages.pitchTooLong)).toBe('Tu propuesta debe tener 5000 caracteres o menos');
  });

  it("say why a call failed by the database's code, never its English sentence", () => {
    const refused = (details: string) => Object.assign(new Error('English from SQL'), { code: 'PT409', details });
    expect(applicationErrorText(tEs, refused('already_applied'))).toBe('Ya te postulaste a esta campaña');
    expect(applicationErrorText(tEn, refused('invalid_transition'))).toMatch(/^This application has already been reviewed/);
    expect(applicationErrorText(tEs, refused('unheard_of'))).toBe('Algo salió mal. Inténtalo de nuevo.');
    expect(applicationErrorText(tEs, new TypeError('Failed to fetch'))).toMatch(/^No se pudo conectar/);
  });
});
