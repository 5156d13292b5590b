/**
 * The licence rules' messages (usage-rights-schema.ts), apart from zod so the texts module does not bring
 * it to the browse screen. The English text is each rule's identifier; the catalogs' keys are
 * campaigns.usage.validation.<rule>.
 */
export const usageRightsMessages = {
  kind: 'Choose organic or paid usage',
  term: 'The licence term must be a whole number of days from 1 to 3650',
  // Issue 36 item 4: a zero or negative term is named as such, not as an out-of-range number.
  termNotPositive: 'A licence must last at least 1 day',
  platforms: 'Paid usage needs at least one platform',
  price: 'Paid usage needs a licence price, e.g. 250.00',
  // Under the smallest payment a licence could be agreed but never funded on its own (0.00 adds nothing).
  priceChargeable: 'A licence price is 0.00 or from 0.50 to 999,999.99',
  territory: 'Use two-letter country codes separated by commas, e.g. US, MX',
  exclusivityIncomplete: 'Exclusivity needs both a category and a number of days',
  exclusivityDays: 'Exclusivity must last a whole number of days from 1 to 3650',
} as const;

