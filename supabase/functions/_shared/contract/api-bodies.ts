import { z } from 'zod/mini';
import { adminUserMessages } from './admin-users.ts';
import { pitch } from './application-input.ts';
import { contentUrl } from './content-url.ts';
import { isUuid } from './ids.ts';
import { messageProblem, messageTextMessages } from './message-text.ts';
import { dollarsToCents } from './money.ts';

/**
 * The bodies of the /api facade (spec section 7) that are not the sign-up's or the admin's (sign-up.ts,
 * admin-users.ts): one schema each, read by the facade's handlers. Where a web form sends the same field
 * (the pitch, the content link, a message) the rule is the form's, from the same contract file. The
 * facade is lenient where the spec's clients are (absent and null fields are "not given", dollars come as
 * numbers or text); the database checks again. Its errors are plain text, `field: message`.
 */
export const apiBodyMessages = {
  text: 'must be text',
  id: 'must be an id',
  newApplication: 'A new application is pending',
  applicationDecision: 'Status must be accepted or rejected',
  newContent: 'New content is pending',
  contentReview: 'Status must be approved or rejected',
  statusOrLink: 'Send either status or contentUrl',
  compensation: 'Compensation must be a number',
  deadlineDate: 'Deadline must be a date',
  deadlineRequired: 'Deadline is required',
  platforms: 'Please select at least one platform',
  companyName: 'Company name is required',
  ratePerPost: 'Rate per post must be a number',
} as const;
const m = apiBodyMessages;

const id = z.string(m.id).check(z.refine(isUuid, m.id));

/** A text field that may be left out: absent or null is not given, anything but text is refused. */
const optionalText = z.optional(z.nullable(z.string(m.text)));

/** A text field the spec's clients may leave out and a rule then refuses: left out is '' for `rule`. */
const textFor = <T extends z.ZodMiniType<unknown, string>>(rule: T) =>
  z.pipe(z.pipe(optionalText, z.transform((v) => v ?? '')), rule);

/** The status a new row may state, which can only be the one it gets. */
const onlyStatus = (value: string, message: string) => z.optional(z.nullable(z.string(m.text).check(z.refine((v) => v === value, message))));

const absent = (v: unknown) => v === undefined || v === null || v === '';

/** Dollars as the spec's clients send them (a number or numeric text) to cents; left out is undefined. */
const dollars = (message: string) =>
  z.optional(
    z.pipe(
      z.unknown().check(z.refine((v) => absent(v) || ((typeof v === 'number' || typeof v === 'string') && dollarsToCents(v) !== null), message)),
      z.transform((v) => (absent(v) ? undefined : (dollarsToCents(v as number | string) as number))),
    ),
  );

/** The spec's platforms text ('instagram,tiktok' or 'all') or an array, as the database's list; left out is undefined. */
const platforms = z.optional(
  z.pipe(
    z.unknown(),
    z.transform((v): string[] | undefined => {
      if (v === null) return undefined;
      if (Array.isArray(v)) return v.map(String);
      if (typeof v === 'string') return v.split(',').map((p) => p.trim()).filter(Boolean);
      return [];
    }),
  ),
);

/** POST /api/applications {campaignId, pitch, status?: 'pending'}: a creator applies with the apply form's pitch. */
export const apiApplySchema = z.object({
  campaignId: id,
  status: onlyStatus('pending', m.newApplication),
  pitch: textFor(pitch),
});
export const API_APPLY_ORDER = ['campaignId', 'status', 'pitch'];

/** PATCH /api/applications/{id} {status}: the campaign owner accepts or rejects. */
export const apiApplicationDecisionSchema = z.object({
  status: z.enum(['accepted', 'rejected'], { error: (issue) => (issue.input === undefined || issue.input === null || typeof issue.input === 'string' ? m.applicationDecision : m.text) }),
});

/** POST /api/deliverables {applicationId, contentUrl, status?: 'pending'}: the submit form's link. */
export const apiDeliverableSchema = z.object({
  applicationId: id,
  contentUrl: textFor(contentUrl),
  status: onlyStatus('pending', m.newContent),
});
export const API_DELIVERABLE_ORDER = ['applicationId', 'contentUrl', 'status'];

/**
 * PATCH /api/deliverables/{id}: {status: approved|rejected, feedback?} (the brand reviews) or {contentUrl}
 * (the creator edits), never both.
 */
export type ApiDeliverableUpdate = { review: 'approved' | 'rejected'; feedback: string | null } | { contentUrl: string };
export const apiDeliverableUpdateSchema = z.pipe(
  z.object({ status: optionalText, feedback: optionalText, contentUrl: optionalText }).check(
    z.superRefine((v, ctx) => {
      const problem = (path: string, message: string) => {
        ctx.issues.push({ code: 'custom', message, path: [path], input: v });
      };
      if (v.status != null && v.contentUrl != null) {
        problem('status', m.statusOrLink);
        return;
      }
      if (v.status != null) {
        if (v.status !== 'approved' && v.status !== 'rejected') problem('status', m.contentReview);
        return;
      }
      const link = contentUrl.safeParse(v.contentUrl ?? '');
      if (!link.success) problem('contentUrl', link.error.issues[0]!.message);
    }),
  ),
  z.transform((v): ApiDeliverableUpdate =>
    v.status === 'approved' || v.status === 'rejected' ? { review: v.status, feedback: v.feedback ?? null } : { contentUrl: v.contentUrl ?? '' },
  ),
);
export const API_DELIVERABLE_UPDATE_ORDER = ['status', 'feedback', 'contentUrl'];

/** POST /api/messages {receiverId, content, clientId?}: the composer's rules for the content. */
export const apiMessageSchema = z.object({
  receiverId: id,
  content: textFor(
    z.string().check(
      z.refine((v) => messageProblem(v) !== 'empty', messageTextMessages.empty),
      z.refine((v) => messageProblem(v) !== 'too_long', messageTextMessages.tooLong),
    ),
  ),
  // Not nullable: a client that sends a key sends a uuid (the retry's idempotency key).
  clientId: z.optional(id),
});
export const API_MESSAGE_ORDER = ['receiverId', 'content', 'clientId'];

/**
 * POST and PATCH /api/campaigns: the campaign form's fields as the spec's clients send them (compensation
 * in dollars, platforms as text, the deadline as a date or date-time). Left out is undefined (a PATCH
 * keeps the stored value); a create also needs platforms and a deadline; the database checks the rest.
 */
function campaignSchema(mode: 'create' | 'update') {
  return z
    .object({
      compensation: dollars(m.compensation),
      platforms,
      deadline: optionalText.check(z.refine((v) => v == null || !v.trim() || !Number.isNaN(Date.parse(v)), m.deadlineDate)),
      title: optionalText,
      description: optionalText,
      contentType: optionalText,
      compensationType: optionalText,
      requirements: optionalText,
      status: optionalText,
    })
    .check(
      z.superRefine((v, ctx) => {
        const problem = (path: string, message: string) => {
        ctx.issues.push({ code: 'custom', message, path: [path], input: v });
      };
        // A blank deadline is a deadline taken away: refused on create and on update alike.
        const noDeadline = mode === 'create' ? !v.deadline?.trim() : v.deadline != null && !v.deadline.trim();
        if ((mode === 'create' && !v.platforms?.length) || (v.platforms && v.platforms.length === 0)) problem('platforms', m.platforms);
        else if (noDeadline) problem('deadline', m.deadlineRequired);
      }),
    );
}
export const apiCampaignCreateSchema = campaignSchema('create');
export const apiCampaignUpdateSchema = campaignSchema('update');
export type ApiCampaignFields = z.output<typeof apiCampaignCreateSchema>;
/** The order the facade reports a campaign's problems in: the field checks, then the create's requirements. */
export const API_CAMPAIGN_ORDER = ['compensation', 'deadline', 'title', 'description', 'contentType', 'compensationType', 'requirements', 'status', 'platforms'];

/** POST /api/profile/brand {companyName, website, industry, contactEmail, contactPhone}. */
export const apiBrandProfileSchema = z.object({
  companyName: textFor(z.string().check(z.refine((v) => v.trim().length > 0, m.companyName))),
  website: optionalText,
  industry: optionalText,
  contactEmail: optionalText,
  contactPhone: optionalText,
});
export const API_BRAND_PROFILE_ORDER = ['companyName', 'website', 'industry', 'contactEmail', 'contactPhone'];

/** POST /api/profile/creator {niche, location, instagramHandle, tiktokHandle, youtubeHandle, ratePerPost (dollars)}. */
export const apiCreatorProfileSchema = z.object({
  ratePerPost: dollars(m.ratePerPost),
  niche: optionalText,
  location: optionalText,
  instagramHandle: optionalText,
  tiktokHandle: optionalText,
  youtubeHandle: optionalText,
});
export const API_CREATOR_PROFILE_ORDER = ['ratePerPost', 'niche', 'location', 'instagramHandle', 'tiktokHandle', 'youtubeHandle'];

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * PATCH /api/user/{id}: a user's own account, checked once merged with what is stored (a field left out
 * keeps its value), by the admin's Edit User messages.
 */
export const apiOwnAccountSchema = z.object({
  fullName: z.string().check(z.refine((v) => v.length >= 2, adminUserMessages.fullName)),
  username: z.string().check(z.refine((v) => v.length >= 3, adminUserMessages.username)),
  email: z.string().check(z.refine((v) => EMAIL.test(v), adminUserMessages.email)),
});
export const API_OWN_ACCOUNT_ORDER = ['fullName', 'username', 'email'];
