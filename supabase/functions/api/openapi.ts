/**
 * OpenAPI 3.1 description of the /api facade, served at GET /api/openapi.json. Written by hand from spec
 * section 7; api-unit.test.ts (and the /api contract test) fail when it and the route table drift apart.
 */

type Schema = Record<string, unknown>;
const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const str = (description?: string): Schema => ({ type: 'string', ...(description ? { description } : {}) });
const nullableStr = (description?: string): Schema => ({ type: ['string', 'null'], ...(description ? { description } : {}) });
const num = (description?: string): Schema => ({ type: 'number', ...(description ? { description } : {}) });
const int = (description?: string): Schema => ({ type: 'integer', ...(description ? { description } : {}) });
const uuid: Schema = { type: 'string', format: 'uuid' };
const obj = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  properties,
  ...(required.length ? { required } : {}),
});
const list = (item: Schema): Schema => ({ type: 'array', items: item });

const errorText = (description: string) => ({ description, content: { 'text/plain': { schema: { type: 'string' } } } });
const ok = (schema: Schema, description = 'OK', status = '200') => ({
  [status]: { description, content: { 'application/json': { schema } } },
});
const noContent = { '204': { description: 'Done; no body' } };
const body = (schema: Schema) => ({ required: true, content: { 'application/json': { schema } } });
const idParam = (name: string, description: string) => ({ name, in: 'path', required: true, description, schema: uuid });
const query = (name: string, description: string) => ({ name, in: 'query', required: false, description, schema: { type: 'string' } });

/** Error answers every signed-in operation may give (the body is the reason, as plain text). */
const signedIn = {
  '401': errorText('No session, or the session expired and could not be refreshed'),
};
const forbidden = { '403': errorText("The caller's role may not do this") };
const notFound = { '404': errorText('No such resource, or not visible to the caller') };
const badRequest = { '400': errorText('Validation failed: one line per problem, "field: message"') };
const conflict = { '409': errorText('Refused state change or duplicate') };

function op(summary: string, spec: Record<string, unknown>, options: { session?: boolean } = {}) {
  const session = options.session ?? true;
  return {
    summary,
    ...(session ? { security: [{ sessionCookie: [] }] } : { security: [] }),
    ...spec,
    responses: { ...(spec.responses as object), ...(session ? signedIn : {}) },
  };
}

const campaignInput = obj({
  brandId: { ...uuid, description: 'Must be the signed-in brand (optional)' },
  title: str(),
  description: str(),
  contentType: { type: 'string', enum: ['video', 'image', 'review', 'post', 'story', 'reel'] },
  platforms: {
    description: "Comma-joined platforms ('instagram,tiktok'), 'all', or an array",
    oneOf: [{ type: 'string' }, list({ type: 'string', enum: ['tiktok', 'instagram', 'youtube', 'facebook', 'twitter', 'all'] })],
  },
  compensationType: { type: 'string', enum: ['flat_fee', 'product', 'performance'] },
  compensation: { type: ['number', 'string'], description: 'US dollars (a decimal number)' },
  deadline: { type: 'string', format: 'date-time' },
  requirements: nullableStr(),
  status: { type: 'string', enum: ['draft', 'active', 'paused', 'completed'] },
});

export const openApiDocument = {
  openapi: '3.1.0',
  info: {
    title: 'Creator marketplace REST API',
    version: '1.0.0',
    description:
      'The REST contract of spec section 7 over the same database rules as the app. Sign in with POST /api/login ' +
      '(or /api/register); the session travels in an httpOnly cookie and is refreshed transparently. Field names ' +
      'are camelCase; money is US dollars (`amount`, `compensation`, `ratePerPost`) with the exact integer cents ' +
      'alongside (`amountCents`, ...). Any non-2xx answer has a plain-text body that is the reason.',
  },
  servers: [{ url: '/' }],
  components: {
    securitySchemes: {
      sessionCookie: { type: 'apiKey', in: 'cookie', name: 'sb-api-session', description: 'Set by /api/login and /api/register' },
    },
    schemas: {
      User: obj({ id: uuid, fullName: str(), username: str(), email: str(), role: { type: 'string', enum: ['brand', 'creator', 'admin'] }, bio: nullableStr(), avatar: nullableStr() }),
      UserSummary: obj({ id: uuid, fullName: str(), username: str(), avatar: nullableStr(), role: str() }),
      AdminUser: obj({ id: uuid, email: str(), username: str(), fullName: str(), role: str(), bio: nullableStr(), avatar: nullableStr(), createdAt: str(), updatedAt: str() }),
      Campaign: obj({
        id: uuid, brandId: uuid, brandName: str(), title: str(), description: str(), contentType: str(),
        platforms: str("Comma-joined, e.g. 'instagram,tiktok'"), compensationType: str(), compensation: num('US dollars'),
        compensationCents: int(), deadline: str(), requirements: nullableStr(), status: str(), applicationCount: int(),
        createdAt: str(), hasApplied: { type: 'boolean' }, isOwner: { type: 'boolean' }, brand: { type: 'object' },
        myApplication: { type: ['object', 'null'] },
      }),
      BrandProfile: obj({ id: uuid, fullName: str(), username: str(), avatar: nullableStr(), bio: nullableStr(), companyName: str(), logo: nullableStr(), website: nullableStr(), industry: nullableStr(), contactEmail: nullableStr(), contactPhone: nullableStr() }),
      Creator: obj({ id: uuid, fullName: str(), username: str(), avatar: nullableStr(), bio: nullableStr(), niche: nullableStr(), followers: int(), location: nullableStr(), instagramHandle: nullableStr(), tiktokHandle: nullableStr(), youtubeHandle: nullableStr(), ratePerPost: { type: ['number', 'null'], description: 'US dollars' }, ratePerPostCents: { type: ['integer', 'null'] }, portfolio: list({}), rating: { type: ['number', 'null'] }, reviewCount: int(), verifiedReach: { type: ['integer', 'string'], description: 'Followers of the connected accounts (decision 0054); followers is self-reported' }, socialAccounts: list({}) }),
      Application: obj({ id: uuid, status: { type: 'string', enum: ['pending', 'accepted', 'rejected'] }, pitch: str(), createdAt: str(), updatedAt: str(), campaign: { type: 'object' }, creator: { type: 'object' } }),
      Deliverable: obj({ id: uuid, contentUrl: str(), feedback: nullableStr(), status: str(), createdAt: str(), updatedAt: str() }),
      Payment: obj({ id: uuid, amount: num('US dollars'), amountCents: int(), currency: str(), status: str(), paymentMethod: nullableStr(), paymentDate: nullableStr(), createdAt: str(), deliverableId: { type: ['string', 'null'] }, campaignId: { type: ['string', 'null'] }, campaignTitle: nullableStr(), creatorId: { type: ['string', 'null'] }, creatorName: nullableStr(), brandId: { type: ['string', 'null'] }, brandName: nullableStr() }),
      Contact: obj({ contactId: uuid, fullName: str(), username: str(), avatar: nullableStr(), role: str(), lastMessage: str(), lastMessageAt: str(), lastMessageSenderId: uuid, unreadCount: int() }),
      Message: obj({ id: uuid, senderId: uuid, receiverId: uuid, content: str(), read: { type: 'boolean' }, createdAt: str(), clientId: { type: ['string', 'null'] } }),
      PaymentStatus: obj(
        {
          status: str("Stripe's PaymentIntent status (succeeded, processing, requires_payment_method, requires_action, canceled, ...), or refunded"),
          amount: int('US cents (divide by 100 for dollars)'),
          deliverableId: { type: ['string', 'null'], format: 'uuid' },
          campaignTitle: nullableStr(),
          message: str('What to tell the payer, e.g. "Payment successful" or the card\'s decline reason'),
          applicationId: { type: ['string', 'null'], format: 'uuid', description: 'The hire a funding payment is for' },
          campaignId: { type: ['string', 'null'], format: 'uuid' },
        },
        ['status', 'amount', 'deliverableId', 'campaignTitle', 'message', 'applicationId', 'campaignId'],
      ),
    },
  },
  paths: {
    '/api/health': { get: op('Health check', { responses: ok(obj({ status: str() })) }, { session: false }) },
    '/api/openapi.json': { get: op('This document', { responses: ok({ type: 'object' }) }, { session: false }) },
    '/api/user': {
      get: op('The signed-in user', { responses: ok(ref('User')) }),
    },
    '/api/login': {
      post: op('Sign in; sets the session cookie', {
        requestBody: body(obj({ email: str(), password: str() }, ['email', 'password'])),
        responses: { ...ok(ref('User')), ...badRequest, '401': errorText('Invalid login credentials'), '429': errorText('Too many attempts') },
      }, { session: false }),
    },
    '/api/register': {
      post: op('Register a creator account; sets the session cookie', {
        requestBody: body(obj({
          email: str(), username: str('The first filled of the three social usernames'), password: str(), fullName: str(),
          role: { type: 'string', enum: ['creator'] }, terms: { type: 'boolean', const: true },
          tiktokUsername: str(), instagramUsername: str(), youtubeUsername: str(),
          additionalData: obj({ tiktokHandle: nullableStr(), instagramHandle: nullableStr(), youtubeHandle: nullableStr() }),
          country: str('Optional: the creator\'s country, two letters (ISO 3166); BR starts the account in Portuguese'),
        }, ['email', 'password', 'fullName', 'role', 'terms'])),
        responses: { ...ok(ref('User'), 'Created', '201'), ...badRequest, '409': errorText('Username or email already registered') },
      }, { session: false }),
    },
    '/api/logout': { post: op('End the session and clear the cookie', { responses: noContent }, { session: false }) },
    '/api/messages/unread': { get: op('Unread message count', { responses: ok(obj({ count: int() })) }) },
    '/api/campaigns': {
      get: op('Active campaigns, newest first (100 at most)', {
        parameters: [query('keyword', 'Words in the title or description'), query('contentType', 'video, image, ...'), query('platform', 'tiktok, instagram, ...')],
        responses: ok(list(ref('Campaign'))),
      }),
      post: op('Create a campaign (brands)', {
        requestBody: body(campaignInput),
        responses: { ...ok(ref('Campaign'), 'Created', '201'), ...badRequest, ...forbidden },
      }),
    },
    '/api/campaigns/brand': { get: op("The signed-in brand's campaigns", { responses: { ...ok(list(ref('Campaign'))), ...forbidden } }) },
    '/api/campaigns/{id}': {
      get: op('One campaign', { parameters: [idParam('id', 'Campaign id')], responses: { ...ok(ref('Campaign')), ...notFound } }),
      patch: op('Update a campaign (its brand); absent fields keep their values', {
        parameters: [idParam('id', 'Campaign id')],
        requestBody: body(campaignInput),
        responses: { ...ok(ref('Campaign')), ...badRequest, ...forbidden, ...notFound, ...conflict },
      }),
    },
    '/api/profile/brand/{id}': { get: op("A brand's profile", { parameters: [idParam('id', 'Brand user id')], responses: { ...ok(ref('BrandProfile')), ...notFound } }) },
    '/api/profile/creator/{id}': { get: op("A creator's profile", { parameters: [idParam('id', 'Creator user id')], responses: { ...ok(ref('Creator')), ...notFound } }) },
    '/api/profile/brand': {
      post: op('Save the signed-in brand\'s company details', {
        requestBody: body(obj({ companyName: str(), website: nullableStr(), industry: nullableStr(), contactEmail: nullableStr(), contactPhone: nullableStr() }, ['companyName'])),
        responses: { ...ok(ref('BrandProfile')), ...badRequest, ...forbidden },
      }),
    },
    '/api/profile/creator': {
      post: op("Save the signed-in creator's profile", {
        requestBody: body(obj({ niche: nullableStr(), instagramHandle: nullableStr(), tiktokHandle: nullableStr(), youtubeHandle: nullableStr(), location: nullableStr(), ratePerPost: { type: ['number', 'null'], description: 'US dollars, 0 or more' } })),
        responses: { ...ok(ref('Creator')), ...badRequest, ...forbidden },
      }),
    },
    '/api/creators': {
      get: op('Discover creators (brands), most followed first (100 at most)', {
        parameters: [query('niche', 'Beauty, Fashion, ...'), query('search', 'Name or username'), query('platform', 'instagram, tiktok or youtube'), query('minFollowers', 'Minimum followers')],
        responses: { ...ok(list(ref('Creator'))), ...badRequest, ...forbidden },
      }),
    },
    '/api/creators/payments': { get: op('Payments the signed-in creator received', { responses: { ...ok(list(ref('Payment'))), ...forbidden } }) },
    '/api/brands/payments': { get: op('Payments the signed-in brand made', { responses: { ...ok(list(ref('Payment'))), ...forbidden } }) },
    '/api/applications/creator': { get: op("The signed-in creator's applications", { responses: { ...ok(list(ref('Application'))), ...forbidden } }) },
    '/api/applications/campaign/{id}': {
      get: op("A campaign's applications (its brand)", { parameters: [idParam('id', 'Campaign id')], responses: { ...ok(list(ref('Application'))), ...forbidden, ...notFound } }),
    },
    '/api/applications': {
      post: op('Apply to a campaign (creators)', {
        requestBody: body(obj({ campaignId: uuid, pitch: str(), status: { type: 'string', enum: ['pending'] } }, ['campaignId', 'pitch'])),
        responses: { ...ok(ref('Application'), 'Created', '201'), ...badRequest, ...forbidden, ...notFound, ...conflict },
      }),
    },
    '/api/applications/{id}': {
      patch: op('Accept or reject an application (the campaign\'s brand)', {
        parameters: [idParam('id', 'Application id')],
        requestBody: body(obj({ status: { type: 'string', enum: ['accepted', 'rejected'] } }, ['status'])),
        responses: { ...ok(obj({ id: uuid, status: str() })), ...badRequest, ...forbidden, ...notFound, ...conflict },
      }),
    },
    '/api/deliverables/{applicationId}': {
      get: op('Content submitted for an application', { parameters: [idParam('applicationId', 'Application id')], responses: { ...ok(list(ref('Deliverable'))), ...notFound } }),
    },
    '/api/deliverables': {
      post: op('Submit a content link (the accepted creator)', {
        requestBody: body(obj({ applicationId: uuid, contentUrl: str(), status: { type: 'string', enum: ['pending'] } }, ['applicationId', 'contentUrl'])),
        responses: { ...ok(ref('Deliverable'), 'Created', '201'), ...badRequest, ...forbidden, ...notFound, ...conflict },
      }),
    },
    '/api/deliverables/{id}': {
      patch: op('Review content (brand: status approved|rejected, optional feedback) or change its link (creator: contentUrl)', {
        parameters: [idParam('id', 'Deliverable id')],
        requestBody: body(obj({ status: { type: 'string', enum: ['approved', 'rejected'] }, feedback: nullableStr(), contentUrl: str() })),
        responses: { ...ok(ref('Deliverable')), ...badRequest, ...forbidden, ...notFound, ...conflict },
      }),
      delete: op('Delete content (its creator; not once approved)', {
        parameters: [idParam('id', 'Deliverable id')],
        responses: { ...noContent, ...forbidden, ...notFound, ...conflict },
      }),
    },
    '/api/admin/users': {
      get: op('Every user (admins)', { parameters: [query('role', 'brand, creator or admin')], responses: { ...ok(list(ref('AdminUser'))), ...badRequest, ...forbidden } }),
    },
    '/api/admin/users/{id}': {
      patch: op('Edit a user (admins)', {
        parameters: [idParam('id', 'User id')],
        requestBody: body(obj({ fullName: str(), email: str(), role: { type: 'string', enum: ['brand', 'creator', 'admin'] }, username: str(), bio: nullableStr() }, ['fullName', 'email', 'role', 'username'])),
        responses: { ...ok(obj({ id: uuid, email: str(), username: str(), fullName: str(), role: str(), bio: nullableStr() })), ...badRequest, ...forbidden, ...notFound, '409': errorText('Email or username taken, or the last admin') },
      }),
      delete: op('Delete a user and what they own; payments are kept (admins)', {
        parameters: [idParam('id', 'User id')],
        responses: { ...noContent, '400': errorText('Admins cannot delete their own account'), ...forbidden, ...notFound, ...conflict },
      }),
    },
    '/api/user/{id}': {
      get: op("Any user's public summary", { parameters: [idParam('id', 'User id')], responses: { ...ok(ref('UserSummary')), ...notFound } }),
      patch: op('Edit your own account', {
        parameters: [idParam('id', 'Your user id')],
        requestBody: body(obj({ fullName: str(), username: str(), email: str(), bio: nullableStr() })),
        responses: { ...ok(ref('User')), ...badRequest, ...forbidden, ...notFound, ...conflict },
      }),
    },
    '/api/check-payment-status': {
      get: op('Status of a card payment, for the brand that paid it', {
        description:
          'Asks Stripe for the PaymentIntent and brings the payment record up to date with it (as the webhook would), ' +
          'then answers the status check response. Only the paying brand may check: the paid creator gets 403, anyone ' +
          'else (or an unknown payment) 404.',
        parameters: [{ ...query('payment_intent', 'The Stripe PaymentIntent id (pi_...)'), required: true }],
        responses: {
          ...ok(ref('PaymentStatus')),
          '400': errorText('payment_intent missing ("payment_intent: No payment information found") or not a pi_... id'),
          '403': errorText('The caller is the paid creator, not the paying brand'),
          ...notFound,
          '502': errorText('Stripe refused the request or could not be reached'),
          '503': errorText('Card payments are not configured on this server (no STRIPE_SECRET_KEY)'),
        },
      }),
    },
    '/api/contacts': { get: op('Your conversations, latest first', { responses: ok(list(ref('Contact'))) }) },
    '/api/messages/{contactId}': {
      get: op('The latest 200 messages with a contact, oldest first', { parameters: [idParam('contactId', 'The other user\'s id')], responses: { ...ok(list(ref('Message'))), ...notFound } }),
    },
    '/api/messages': {
      post: op('Send a message', {
        requestBody: body(obj({ receiverId: uuid, content: str(), clientId: { ...uuid, description: 'Optional: makes retries safe' } }, ['receiverId', 'content'])),
        responses: { ...ok(ref('Message'), 'Created', '201'), ...badRequest, ...forbidden, ...notFound },
      }),
    },
  },
} as const;
