/**
 * Why a dispute was opened: the codes the database accepts (disputes_reason_valid) and the one wording of
 * each, in English, Spanish and Brazilian Portuguese. The emails (Deno, which cannot read the web's catalogs) write these texts;
 * the web's catalogs must say the same (web/src/i18n/one-wording.test.ts), so a
 * reason reads alike in the dialog, the dispute page, the timeline and the email (issue 32, item 9).
 */
export const DISPUTE_REASONS = ['not_delivered', 'not_as_agreed', 'quality', 'missed_deadline', 'unresponsive', 'other'] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

/** The languages the reasons are worded in: the app's and the emails'. */
export type DisputeReasonLanguage = 'en' | 'es' | 'pt';

export const DISPUTE_REASON_TEXT: Record<DisputeReasonLanguage, Record<DisputeReason, string>> = {
  en: {
    not_delivered: 'Content not delivered',
    not_as_agreed: 'Not what was agreed',
    quality: 'Quality problems',
    missed_deadline: 'Missed the deadline',
    unresponsive: 'The other side stopped responding',
    other: 'Something else',
  },
  es: {
    not_delivered: 'No se entregó el contenido',
    not_as_agreed: 'No es lo que se acordó',
    quality: 'Problemas de calidad',
    missed_deadline: 'No se cumplió la fecha límite',
    unresponsive: 'La otra parte dejó de responder',
    other: 'Otro motivo',
  },
  pt: {
    not_delivered: 'O conteúdo não foi entregue',
    not_as_agreed: 'Não é o que foi combinado',
    quality: 'Problemas de qualidade',
    missed_deadline: 'O prazo não foi cumprido',
    unresponsive: 'A outra parte parou de responder',
    other: 'Outro motivo',
  },
};

/** A stored reason in words; a code this list does not know (none should exist) reads as "Something else". */
export function disputeReasonWording(locale: DisputeReasonLanguage, reason: string): string {
  const known = DISPUTE_REASONS.find((r) => r === reason);
  return DISPUTE_REASON_TEXT[locale][known ?? 'other'];
}
