import { z } from 'zod/mini';
import { hasVisibleText } from '@/lib/visible-text';
import { DISPUTE_REASONS } from '../types';

/** The rules' messages: api.open_dispute's English (it refuses the same), identifying each rule. */
export const openDisputeMessages = {
  reasonInvalid: 'Choose a reason',
  detailsRequired: 'Describe the problem',
  detailsTooLong: 'The description must be 5000 characters or fewer',
  evidenceInvalid: 'Evidence links must start with http:// or https://',
  evidenceTooMany: 'Add at most 10 links',
} as const;

export const DETAILS_MAX = 5000;
export const EVIDENCE_MAX = 10;
const URL_MAX = 2000;

/** A link as the database takes it: http(s), no spaces, at most 2000 characters. A blank row is left out. */
export function isEvidenceUrl(value: string): boolean {
  const v = value.trim();
  return v === '' || (/^https?:\/\/\S+$/i.test(v) && v.length <= URL_MAX);
}

export const openDisputeSchema = z.object({
  reason: z.string().check(z.refine((v) => (DISPUTE_REASONS as readonly string[]).includes(v), openDisputeMessages.reasonInvalid)),
  details: z.string().check(
    z.refine(hasVisibleText, openDisputeMessages.detailsRequired),
    z.refine((v) => v.trim().length <= DETAILS_MAX, openDisputeMessages.detailsTooLong),
  ),
  evidence: z
    .array(z.object({ url: z.string().check(z.refine(isEvidenceUrl, openDisputeMessages.evidenceInvalid)) }))
    .check(z.maxLength(EVIDENCE_MAX, openDisputeMessages.evidenceTooMany)),
});
export type OpenDisputeInput = z.infer<typeof openDisputeSchema>;

/** The links to send: the rows with something in them. */
export function evidenceUrlsOf(input: Pick<OpenDisputeInput, 'evidence'>): string[] {
  return input.evidence.map((e) => e.url.trim()).filter(Boolean);
}
