import { z } from 'zod/mini';
import { hasVisibleText } from '@/lib/visible-text';
import { dollarsToCents } from '@contract/money';
import { isValidSplit } from '../utils/dollars';
import { DISPUTE_OUTCOMES } from '../types';

/** The resolution rules' messages: the payments function's English where it has one (it refuses the same). */
export const resolveDisputeMessages = {
  outcomeRequired: 'Choose how to resolve the dispute',
  amountInvalid: 'Enter an amount in dollars, like 300 or 299.99',
  splitInvalid: "The creator's share must be more than $0.00 and less than the money held",
  noteRequired: 'Explain the decision to both sides',
  noteTooLong: 'The note must be 1000 characters or fewer',
} as const;

export const NOTE_MAX = 1000;

/** The form's values as the inputs hold them: the creator's share in dollars as typed. */
export interface ResolveDisputeValues {
  outcome: string;
  creatorAmount: string;
  note: string;
}

/** The rules, given the money held: a split gives the creator more than $0.00 and less than all of it. */
export function resolveDisputeSchema(heldCents: number) {
  return z
    .object({
      outcome: z.string().check(z.refine((v) => (DISPUTE_OUTCOMES as readonly string[]).includes(v), resolveDisputeMessages.outcomeRequired)),
      creatorAmount: z.string(),
      note: z.string().check(
        z.refine(hasVisibleText, resolveDisputeMessages.noteRequired),
        z.refine((v) => v.trim().length <= NOTE_MAX, resolveDisputeMessages.noteTooLong),
      ),
    })
    .check(
      z.superRefine((v, ctx) => {
        if (v.outcome !== 'split') return;
        const cents = dollarsToCents(v.creatorAmount);
        const message = cents === null ? resolveDisputeMessages.amountInvalid : isValidSplit(cents, heldCents) ? null : resolveDisputeMessages.splitInvalid;
        if (message) ctx.issues.push({ code: 'custom', message, path: ['creatorAmount'], input: v.creatorAmount });
      }),
    );
}
