/**
 * The content types a campaign can ask for, in the order the app lists them: exactly the database's
 * check (campaigns_content_type_valid). The campaign form offers these and the browse filter filters by
 * these, so a brand can ask for every type a creator can look for (issue 32, item 9).
 */
export const CAMPAIGN_CONTENT_TYPES = ['video', 'image', 'review', 'post', 'story', 'reel'] as const;
export type CampaignContentType = (typeof CAMPAIGN_CONTENT_TYPES)[number];
