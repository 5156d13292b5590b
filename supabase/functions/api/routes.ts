import type { Route } from './context.ts';
import * as admin from './handlers/admin.ts';
import * as applications from './handlers/applications.ts';
import * as campaigns from './handlers/campaigns.ts';
import * as deliverables from './handlers/deliverables.ts';
import * as meta from './handlers/meta.ts';
import * as messages from './handlers/messages.ts';
import * as payments from './handlers/payments.ts';
import * as profiles from './handlers/profiles.ts';
import * as session from './handlers/session-routes.ts';
import * as users from './handlers/users.ts';

/**
 * Every call of spec section 7, in its method and path. Literal paths come before the templated path
 * they would otherwise match (/api/campaigns/brand before /api/campaigns/{id}). openapi.ts documents
 * exactly these (a test holds the two together).
 */
export const routes: Route[] = [
  { method: 'GET', path: '/api/health', session: 'none', handler: meta.health },
  { method: 'GET', path: '/api/openapi.json', session: 'none', handler: meta.describeApi },
  { method: 'GET', path: '/api/user', session: true, handler: session.getSessionUser },
  { method: 'POST', path: '/api/login', session: false, handler: session.login },
  { method: 'POST', path: '/api/register', session: false, handler: session.register },
  { method: 'POST', path: '/api/logout', session: false, handler: session.logout },
  { method: 'GET', path: '/api/messages/unread', session: true, handler: messages.unreadCount },
  { method: 'GET', path: '/api/campaigns', session: true, handler: campaigns.listCampaigns },
  { method: 'POST', path: '/api/campaigns', session: true, handler: campaigns.createCampaign },
  { method: 'GET', path: '/api/campaigns/brand', session: true, handler: campaigns.listBrandCampaigns },
  { method: 'GET', path: '/api/campaigns/{id}', session: true, handler: campaigns.getCampaign },
  { method: 'PATCH', path: '/api/campaigns/{id}', session: true, handler: campaigns.updateCampaign },
  { method: 'GET', path: '/api/profile/brand/{id}', session: true, handler: profiles.getBrandProfile },
  { method: 'GET', path: '/api/profile/creator/{id}', session: true, handler: profiles.getCreatorProfile },
  { method: 'POST', path: '/api/profile/brand', session: true, handler: profiles.saveBrandProfile },
  { method: 'POST', path: '/api/profile/creator', session: true, handler: profiles.saveCreatorProfile },
  { method: 'GET', path: '/api/creators', session: true, handler: profiles.discoverCreators },
  { method: 'GET', path: '/api/creators/payments', session: true, handler: payments.creatorPayments },
  { method: 'GET', path: '/api/brands/payments', session: true, handler: payments.brandPayments },
  { method: 'GET', path: '/api/applications/creator', session: true, handler: applications.listCreatorApplications },
  { method: 'GET', path: '/api/applications/campaign/{id}', session: true, handler: applications.listCampaignApplications },
  { method: 'POST', path: '/api/applications', session: true, handler: applications.createApplication },
  { method: 'PATCH', path: '/api/applications/{id}', session: true, handler: applications.updateApplication },
  { method: 'GET', path: '/api/deliverables/{applicationId}', session: true, handler: deliverables.listDeliverables },
  { method: 'POST', path: '/api/deliverables', session: true, handler: deliverables.createDeliverable },
  { method: 'PATCH', path: '/api/deliverables/{id}', session: true, handler: deliverables.updateDeliverable },
  { method: 'DELETE', path: '/api/deliverables/{id}', session: true, handler: deliverables.deleteDeliverable },
  { method: 'GET', path: '/api/admin/users', session: true, handler: admin.listUsers },
  { method: 'PATCH', path: '/api/admin/users/{id}', session: true, handler: admin.updateUser },
  { method: 'DELETE', path: '/api/admin/users/{id}', session: true, handler: admin.deleteUser },
  { method: 'GET', path: '/api/user/{id}', session: true, handler: users.getUser },
  { method: 'PATCH', path: '/api/user/{id}', session: true, handler: users.updateOwnAccount },
  { method: 'GET', path: '/api/check-payment-status', session: true, handler: payments.checkPaymentStatus },
  { method: 'GET', path: '/api/contacts', session: true, handler: messages.listContacts },
  { method: 'GET', path: '/api/messages/{contactId}', session: true, handler: messages.conversation },
  { method: 'POST', path: '/api/messages', session: true, handler: messages.sendMessage },
];

interface Compiled {
  route: Route;
  regex: RegExp;
  names: string[];
}

const compiled: Compiled[] = routes.map((route) => {
  const names: string[] = [];
  const pattern = route.path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, name: string) => {
    names.push(name);
    return '([^/]+)';
  });
  return { route, regex: new RegExp(`^${pattern}$`), names };
});

/** The route for a method and path with its parameters; `allowed` lists the methods the path has. */
export function matchRoute(method: string, pathname: string): { route?: Route; params: Record<string, string>; allowed: string[] } {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const allowed: string[] = [];
  let found: { route: Route; params: Record<string, string> } | undefined;
  let pathClaimed = false;
  for (const c of compiled) {
    const m = c.regex.exec(path);
    if (!m) continue;
    // A literal route claims its path: /api/campaigns/brand is never the campaign with id "brand".
    const literal = c.names.length === 0;
    if (pathClaimed && !literal) continue;
    if (literal) pathClaimed = true;
    allowed.push(c.route.method);
    if (!found && c.route.method === method) {
      const params: Record<string, string> = {};
      c.names.forEach((n, i) => (params[n] = decodeURIComponent(m[i + 1]!)));
      found = { route: c.route, params };
    }
  }
  return { ...(found ?? { params: {} }), allowed };
}
