/**
 * Every character that can end a line in some reader, or that has no business in a line of text: the C0
 * controls (tab, LF, VT, FF, CR, ...), DEL, the C1 controls (NEL U+0085 among them), the Unicode line and
 * paragraph separators U+2028/U+2029, and runs of ordinary whitespace around them.
 */
const LINE_BREAKING = /[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

/**
 * User text (a name, a campaign title, a reason) made fit for one line of an email: its subject or a
 * line of its plain-text part. Anything that could start a line of its own becomes one space and runs
 * collapse, so nobody can add lines (say, a fake "URGENT: verify your bank at ..." paragraph) to mail
 * the platform really sends. The HTML part needs no such care (markup ignores line breaks), but it gets
 * the same values, so both parts say the same thing.
 */
export function oneLine(value: string): string {
  return value.replace(LINE_BREAKING, ' ').trim();
}
