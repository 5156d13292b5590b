/**
 * The one round-numbering rule (issue 30, finding 7; docs/decisions/0032), shared by the web app and the
 * emails. The database numbers every submission of a piece of content from 1 (app.deliverable_rounds.round,
 * and the `round` of its events and notifications); the campaign includes a number of revision rounds, each
 * used by a request for changes. People read the revisions: submission 1 is the original version,
 * submission n > 1 is revision n - 1, so "Revision rounds: 1 of 2 used" sits beside a card labelled
 * "Revision 1", never "Round 2".
 */

/** The revision a submission is: 0 for the original version, n - 1 for submission n. */
export function revisionOfSubmission(round: number): number {
  return Math.max(0, round - 1);
}

/** The revision a request for changes on submission `round` asks for (it uses that revision round). */
export function revisionRequestedOn(round: number): number {
  return Math.max(1, round);
}
