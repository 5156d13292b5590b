/**
 * How a public campaign's page carries its first screen (decision 0040), shared by the app, the build and
 * the stack's server: the campaign as JSON in <head> (the app's query starts with it, index.html's script
 * draws only when it is there), and its screen in each language as templates (`<prefix><lang>`).
 */
export const PUBLIC_CAMPAIGN_DATA_ID = 'public-campaign-data';
export const PUBLIC_CAMPAIGN_TEMPLATE_PREFIX = 'screen-explore-campaign-';
