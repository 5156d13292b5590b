import { z } from 'zod/mini';

/** The content link's messages; the first is the spec's, both are what app.validate_content_url raises. */
export const contentUrlMessages = {
  required: 'Please enter a URL to your content.',
  invalid: 'Please enter a valid link starting with http:// or https://',
} as const;

/** An http(s) link without spaces, 2000 characters at most (after trimming), as the database takes it. */
export function isContentUrl(value: string): boolean {
  const v = value.trim();
  return /^https?:\/\/\S+$/i.test(v) && v.length <= 2000;
}

/** A content link: required, then an http(s) link. */
export const contentUrl = z.string(contentUrlMessages.required).check(
  z.refine((v) => v.trim().length > 0, contentUrlMessages.required),
  z.refine((v) => !v.trim() || isContentUrl(v), contentUrlMessages.invalid),
);

/** The creator's submit form; POST and PATCH /api/deliverables carry the same field. */
export const contentUrlSchema = z.object({ contentUrl });
export type ContentUrlInput = z.infer<typeof contentUrlSchema>;
