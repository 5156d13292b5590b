import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { applyMessages } from '@contract/application-input';
import { cancelHireMessages } from '@contract/payment-rules';
import {
  type ApplicationsT,
  applicationErrorText,
  applicationStatusText,
  applyValidationText,
  cancelHireErrorText,
  cancelHireValidationText,
  compensationTypeText,
  contentTypeText,
} from './applications-text';
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

describe('hire texts', () => {
  it('name a canceled application in Spanish', () => {
    expect(applicationStatusText(tEs, 'canceled')).toBe('Cancelada');
  });

  it("say why canceling failed by the function's code; an unknown code keeps its English sentence for English readers only", () => {
    const failed = (code: string, message = 'English from the function') => Object.assign(new Error(message), { name: 'FunctionError', code });
    expect(cancelHireErrorText(tEn, 'en', failed('content_submitted'))).toBe('Content was already submitted for this hire, so it can no longer be canceled.');
    expect(cancelHireErrorText(tEs, 'es', failed('reason_required'))).toBe('Dile al creador por qué cancelas esta contratación');
    expect(cancelHireErrorText(tEs, 'es', failed('network_error'))).toMatch(/^No se pudo conectar/);
    expect(cancelHireErrorText(tEn, 'en', failed('something_new', 'A new refusal'))).toBe('A new refusal');
    expect(cancelHireErrorText(tEs, 'es', failed('something_new', 'A new refusal'))).toBe('Algo salió mal. Inténtalo de nuevo.');
  });

  it('translate the reason rules', () => {
    expect(cancelHireValidationText(tEn, cancelHireMessages.reasonRequired)).toBe(cancelHireMessages.reasonRequired);
    expect(cancelHireValidationText(tEs, cancelHireMessages.reasonTooLong)).toBe('El motivo debe tener 1000 caracteres o menos');
  });
});
