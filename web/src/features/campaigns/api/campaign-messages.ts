/**
 * Kept apart from campaign-schema.ts (zod): the texts module reads these, and the browse screen must not
 * bring zod along for them (issue 19).
 */
/** Messages of the campaign form: the spec's where it gives them, the database's wording otherwise. */
export const campaignMessages = {
  title: 'Title is required',
  titleLong: 'Title must be 200 characters or fewer',
  description: 'Description is required',
  platforms: 'Please select at least one platform',
  compensation: 'Enter an amount in dollars, like 250 or 249.99',
  deadline: 'Deadline is required',
  deadlinePast: 'Deadline cannot be in the past',
  deadlineTooFar: 'Deadline must be within 2 years',
  deadlineInvalid: 'Please enter a valid deadline',
  contentType: 'Please select a content type',
  compensationType: 'Please select a compensation type',
  status: 'Please select a status',
  revisionRounds: 'Revision rounds must be between 0 and 10',
  // Issue 30, item 8 (the catalogs say the amounts: {minimum}, {net}).
  compensationMinimum: 'A flat fee must leave the creator the minimum after the platform fee',
  deadlineTooSoon: 'The deadline must be after today',
} as const;
