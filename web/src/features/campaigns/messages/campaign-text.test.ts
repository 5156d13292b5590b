import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { campaignMessages } from '../api/campaign-schema';
import {
  type CampaignsT,
  campaignErrorField,
  campaignErrorText,
  campaignStatusText,
  campaignValidationText,
  compensationTypeText,
  contentTypeText,
  daysLeftText,
  revisionRoundsText,
} from './campaign-text';
import en from './en.json';
import es from './es.json';

// The JSON imports are compiled by the catalogs' build plugin, as in the app.
const i18n = setupI18n({ locale: 'es', messages: { es, en } as never });
const tOf = (locale: 'es' | 'en'): CampaignsT => (key, values) => {
  i18n.activate(locale);
  return i18n._(key, values);
};
const tEs = tOf('es');
const tEn = tOf('en');
const now = new Date('2026-03-10T12:00:00Z');

describe('campaign texts', () => {
  it('say the days left in each language by the one rule: days, today, ended, none, and nothing when completed', () => {
    const at = { now, timeZone: 'America/Bogota' };
    expect(daysLeftText(tEn, { deadline: '2026-03-11T13:00:00Z' }, at)).toBe('1 day left');
    expect(daysLeftText(tEn, { deadline: '2026-03-10T23:00:00Z' }, at)).toBe('Ends today');
    expect(daysLeftText(tEn, { deadline: '2026-03-01T00:00:00Z' }, at)).toBe('Deadline passed');
    expect(daysLeftText(tEn, { deadline: null }, at)).toBe('No deadline set');
    expect(daysLeftText(tEn, { deadline: '2026-03-15T13:00:00Z', status: 'completed' }, at)).toBeNull();
    expect(daysLeftText(tEs, { deadline: '2026-03-11T13:00:00Z' }, at)).toBe('1 día restante');
    expect(daysLeftText(tEs, { deadline: '2026-03-17T12:00:00Z' }, at)).toBe('7 días restantes');
    expect(daysLeftText(tEs, { deadline: '2026-03-10T23:00:00Z' }, at)).toBe('Termina hoy');
    expect(daysLeftText(tEs, { deadline: '2026-03-01T00:00:00Z' }, at)).toBe('Fecha límite vencida');
    expect(daysLeftText(tEs, { deadline: null }, at)).toBe('Sin fecha límite');
  });

  it('say how many revision rounds a campaign includes', () => {
    expect(revisionRoundsText(tEn, 2)).toBe('2 revision rounds included');
    expect(revisionRoundsText(tEn, 1)).toBe('1 revision round included');
    expect(revisionRoundsText(tEs, 0)).toBe('Sin rondas de revisión incluidas');
    expect(revisionRoundsText(tEs, 3)).toBe('3 rondas de revisión incluidas');
  });

  it('name statuses and kinds, keeping unknown values as stored', () => {
    expect(campaignStatusText(tEn, 'paused')).toBe('Paused');
    expect(campaignStatusText(tEs, 'paused')).toBe('En pausa');
    // No status reads as active (spec section 4); one the catalog does not know keeps its name.
    expect(campaignStatusText(tEs, '')).toBe('Activa');
    expect(campaignStatusText(tEs, 'archived')).toBe('Archived');
    expect(contentTypeText(tEs, 'review')).toBe('Reseña');
    expect(contentTypeText(tEs, 'podcast')).toBe('Podcast');
    expect(compensationTypeText(tEn, 'product')).toBe('Product exchange');
    expect(compensationTypeText(tEs, 'commission')).toBe('Según resultados');
  });

  it('translate every message of the form rules', () => {
    // The flat-fee minimum names its amounts (below); every other rule reads as its message in English.
    for (const message of Object.values(campaignMessages).filter((m) => m !== campaignMessages.compensationMinimum)) {
      expect(campaignValidationText(tEn, message)).toBe(message);
      expect(campaignValidationText(tEs, message)).not.toBe(message);
    }
    expect(campaignValidationText(tEs, campaignMessages.platforms)).toBe('Selecciona al menos una plataforma');
    expect(campaignValidationText(tEs, undefined)).toBeUndefined();
  });

  it('name the flat-fee minimum and what it leaves the creator (issue 30, item 8)', () => {
    const amounts = { minimum: '$1.17', net: '$1.00' };
    expect(campaignValidationText(tEn, campaignMessages.compensationMinimum, amounts))
      .toBe('A flat fee must be at least $1.17, so the creator receives at least $1.00 after the platform fee');
    expect(campaignValidationText(tEs, campaignMessages.compensationMinimum, { minimum: 'USD 1.17', net: 'USD 1.00' }))
      .toBe('Una tarifa fija debe ser de al menos USD 1.17, para que el creador reciba al menos USD 1.00 después de la comisión de la plataforma');
    expect(campaignValidationText(tEs, campaignMessages.deadlineTooSoon)).toBe('La fecha límite debe ser posterior a hoy');
  });

  it('put the refusals about the amount and the date on their fields', () => {
    const refused = (details: string) => Object.assign(new Error('English from SQL'), { code: '22023', details });
    expect(campaignErrorField(refused('compensation_below_minimum'))).toBe('compensation');
    expect(campaignErrorField(refused('deadline_too_soon'))).toBe('deadline');
    expect(campaignErrorField(refused('deadline_past'))).toBe('deadline');
    expect(campaignErrorField(refused('not_owner'))).toBeNull();
    expect(campaignErrorText(tEs, refused('deadline_too_soon'))).toBe('La fecha límite debe ser posterior a hoy');
  });

  it("say why a write failed by the database's code, never its English sentence", () => {
    const refused = (details: string, message = 'English from SQL') => Object.assign(new Error(message), { code: '42501', details });
    expect(campaignErrorText(tEs, refused('not_owner'))).toBe('No tienes permiso para editar esta campaña.');
    expect(campaignErrorText(tEn, refused('deadline_past'))).toBe('Deadline cannot be in the past');
    expect(campaignErrorText(tEs, refused('revision_rounds_invalid'))).toBe('Las rondas de revisión deben estar entre 0 y 10');
    // The guard trigger's code for a status a new campaign may not take.
    expect(campaignErrorText(tEs, refused('invalid_status'))).toBe('Selecciona un estado');
    expect(campaignErrorText(tEs, refused('something_new'))).toBe('Algo salió mal. Inténtalo de nuevo.');
    expect(campaignErrorText(tEs, new TypeError('Failed to fetch'))).toMatch(/^No se pudo conectar/);
    expect(campaignErrorText(tEs, { message: 'TypeError: Failed to fetch', code: '' })).toMatch(/^No se pudo conectar/);
  });
});
