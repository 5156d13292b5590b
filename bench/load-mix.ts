// The browsers' requests of `npm run bench:load`: what each step sends, and how often, as the web app does
// it (the same rpc calls its screens make, through /rest/v1 and /auth/v1 as supabase-js sends them).

export interface LoadUser {
  id: string;
  email: string;
  role: 'creator' | 'brand';
  token: string;
}

export interface LoadCampaign {
  id: string;
  brandId: string;
}

export interface LoadWorld {
  url: string;
  anonKey: string;
  password: string;
  creators: LoadUser[];
  brands: LoadUser[];
  campaigns: LoadCampaign[];
}

export interface Request {
  path: string;
  body: unknown;
  user: LoadUser;
}

/** A step picks its user and arguments; undefined when it has nothing left to do (no pair left to apply). */
export interface Step {
  name: string;
  /** Share of all requests, in percent. */
  weight: number;
  /** A write whose acknowledged count is checked against the database after the run. */
  write?: 'applications' | 'messages';
  build(world: LoadWorld, state: MixState): Request | undefined;
}

export interface MixState {
  /** creator:campaign pairs already tried, so an application is never a duplicate. */
  applied: Set<string>;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const maybe = <T>(list: readonly T[]): T | null => (Math.random() < 0.5 ? null : pick(list));
const rpc = (fn: string) => `/rest/v1/rpc/${fn}`;
const KEYWORDS = ['serum', 'travel', 'tech', 'fitness', 'recipe', 'launch'];

function anyUser(world: LoadWorld): LoadUser {
  return Math.random() < 0.7 ? pick(world.creators) : pick(world.brands);
}

/** Someone the user may message: a brand for a creator, a creator for a brand. */
function counterpart(world: LoadWorld, user: LoadUser): LoadUser {
  return user.role === 'creator' ? pick(world.brands) : pick(world.creators);
}

/** Sign-ins are rare next to the rest (a session lasts an hour), and each costs a bcrypt comparison. */
export const STEPS: Step[] = [
  { name: 'sign-in', weight: Number(process.env.BENCH_SIGNIN_WEIGHT ?? 1), build: (w) => ({ path: '/auth/v1/token?grant_type=password', body: null, user: anyUser(w) }) },
  {
    name: 'browse',
    weight: 22,
    build: (w) => ({
      path: rpc('browse_campaigns'),
      body: { keyword: maybe(KEYWORDS), content_type: maybe(['video', 'image', 'review', 'reel']), platform: maybe(['tiktok', 'instagram', 'youtube']) },
      user: pick(w.creators),
    }),
  },
  { name: 'open campaign', weight: 18, build: (w) => ({ path: rpc('campaign_detail'), body: { campaign_id: pick(w.campaigns).id }, user: pick(w.creators) }) },
  {
    name: 'apply',
    weight: 6,
    write: 'applications',
    build: (w, s) => {
      for (let tries = 0; tries < 20; tries++) {
        const creator = pick(w.creators);
        const campaign = pick(w.campaigns);
        const key = `${creator.id}:${campaign.id}`;
        if (s.applied.has(key)) continue;
        s.applied.add(key);
        return { path: rpc('apply_to_campaign'), body: { campaign_id: campaign.id, pitch: 'I make honest, natural-light videos for this audience.' }, user: creator };
      }
      return undefined;
    },
  },
  {
    name: 'send message',
    weight: 8,
    write: 'messages',
    build: (w) => {
      const user = anyUser(w);
      return { path: rpc('send_message'), body: { receiver_id: counterpart(w, user).id, content: 'Hola, ¿podemos hablar del brief?' }, user };
    },
  },
  {
    name: 'read messages',
    weight: 10,
    build: (w) => {
      const user = anyUser(w);
      return { path: rpc('conversation'), body: { contact_id: counterpart(w, user).id }, user };
    },
  },
  { name: 'contacts', weight: 8, build: (w) => ({ path: rpc('contacts'), body: {}, user: anyUser(w) }) },
  { name: 'notifications', weight: 9, build: (w) => ({ path: rpc('unread_notification_count'), body: {}, user: anyUser(w) }) },
  {
    name: 'brand reviews',
    weight: 8,
    build: (w) => {
      const campaign = pick(w.campaigns);
      const brand = w.brands.find((b) => b.id === campaign.brandId) ?? pick(w.brands);
      return { path: rpc('campaign_applications'), body: { campaign_id: campaign.id }, user: brand };
    },
  },
  { name: 'brand campaigns', weight: 5, build: (w) => ({ path: rpc('my_campaigns'), body: {}, user: pick(w.brands) }) },
  { name: 'payment status', weight: 5, build: (w) => ({ path: rpc('payment_history'), body: {}, user: pick(w.brands) }) },
];

const TOTAL = STEPS.reduce((n, s) => n + s.weight, 0);

export function pickStep(): Step {
  let r = Math.random() * TOTAL;
  for (const s of STEPS) if ((r -= s.weight) < 0) return s;
  return STEPS.at(-1)!;
}
