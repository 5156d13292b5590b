/** Where the server module goes, inside the build's folder (the stack never serves it: local/static.ts). */
export const SERVER_DIR = '_server';
/** Its file, exporting renderPublicCampaign (src/app/prerender-public-campaign.tsx). */
export const PUBLIC_CAMPAIGN_RENDERER = `${SERVER_DIR}/public-campaign.mjs`;
