import { z } from 'zod/mini';

/** The form's messages; the first is the spec's, both are what the database raises too. */
export const contentUrlMessages = {
  required: 'Please enter a URL to your content.',
  invalid: 'Please enter a valid link starting with http:// or https://',
} as const;

export const contentUrlSchema = z.object({
  contentUrl: z.string().check(
    z.refine((v) => v.trim().length > 0, contentUrlMessages.required),
    z.refine((v) => !v.trim() || (/^https?:\/\/\S+$/i.test(v.trim()) && v.trim().length <= 2000), contentUrlMessages.invalid),
  ),
});
export type ContentUrlInput = z.infer<typeof contentUrlSchema>;
