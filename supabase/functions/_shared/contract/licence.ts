/**
 * The licence a campaign buys and a hire keeps (decision 0056), in the one shape the database sends it:
 * app.licence_json builds it for the campaign pages (api.campaign_detail, api.public_campaign) and for
 * receipts and statements (app.document_licence). Shared by the web app and the edge functions.
 */
export interface LicenceTerms {
  kind: 'organic' | 'paid' | (string & {});
  platforms: string[];
  /** ISO 3166-1 alpha-2 codes; null means worldwide. */
  territory: string[] | null;
  term_days: number;
  /** Paid usage only: the licence's own price beside the content fee. */
  price_cents: number | null;
  exclusivity_category: string | null;
  exclusivity_days: number | null;
}
