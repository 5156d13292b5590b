/**
 * `npm run db:schema -- <name>…`: prints the current definition of every object whose key contains one
 * of the names (e.g. `submit_deliverable`, `app.escrows`), as the migrations leave it, with the schema
 * file it lives in. After merging a branch's new migrations, the drift check names what they changed;
 * this prints each one to paste over the old definition in its file (decision 0039).
 *
 * `npm run db:schema -- --write` regenerates the whole supabase/schemas tree from the migrations (how it
 * was first made): every object in its domain's file (scripts/schema/domains.ts), each after what it
 * depends on. Hand-written prose in the files is lost by this; prefer printing and pasting.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { buildBoth, supabaseDir } from './build.ts';
import { type CatalogObject, readCatalog } from './catalog.ts';
import { type Domain, domainOf, domains, fileOf, orderedFiles } from './domains.ts';

const banner: Record<Domain, string> = {
  foundation: 'Schemas, extensions, default privileges and the helpers every domain uses.',
  profiles: 'Profiles: users, their brand or creator details, roles, and what Auth triggers on auth.users.',
  'social-accounts': 'Connected social accounts, verified reach and the daily refresh schedule (issue 35, decisions 0053 and 0054).',
  settings: 'Platform settings: the fee, the review window, the payout minimum and schedule.',
  campaigns: 'Campaigns: what brands publish, their rules, browsing and search.',
  applications: 'Applications and their history of events: who applied, who was hired.',
  content: 'Content and revision rounds: the deliverables a hired creator submits and the brand reviews.',
  ledger: 'The double-entry ledger: transactions, entries, and the rule that they balance.',
  escrow: 'Escrow: payments, the hire (escrow) they fund, Stripe events, releases and auto-approval.',
  payouts: 'Payouts: accounts, recipients, balances, and money sent to creators.',
  'tax-forms': 'Tax forms: the W-8BEN, W-8BEN-E or W-9 a creator gives before being paid (issue 36 item 1, decision 0044).',
  disputes: 'Disputes and their messages, and how they move a hire and its money.',
  reviews: 'Reviews and ratings.',
  messages: 'Direct messages between users.',
  notifications: 'Notifications: written from the history, broadcast through Realtime.',
  email: 'The email outbox, failures and preferences.',
  analytics: 'Dashboards, series and funnels.',
  'platform-counters': 'Platform counters: hourly totals kept by triggers, read by admin figures.',
  admin: 'Admin operations and the audit log.',
  jobs: 'Scheduled jobs and rate limits on functions.',
  files: 'Files in Supabase Storage: who may read and write which object (the buckets are rows, in the migration).',
};

interface Placed extends CatalogObject {
  file: string;
  home: string;
}

/**
 * Each object's file. `strict` (writing files) fails on an object no rule of domains.ts files; otherwise
 * (naming files in a report) such an object's file says what to do.
 */
export function place(objects: CatalogObject[], opts: { strict?: boolean } = {}): Placed[] {
  const files = orderedFiles();
  const index = (f: string) => files.indexOf(f);
  const home = (o: CatalogObject): string => {
    try {
      return domainHome(o);
    } catch (e) {
      if (opts.strict) throw e;
      return `(no file yet: ${(e as Error).message})`;
    }
  };
  const domainHome = (o: CatalogObject): string => {
    const [schema, name] = splitName(o.owner);
    switch (o.kind) {
      case 'extension':
      case 'schema':
      case 'default privileges':
        return fileOf('app', 'foundation');
      case 'type':
        return fileOf(schema, domainOf(schema, name, 'type'));
      case 'function':
        return fileOf(schema, domainOf(schema, name, 'function'));
      case 'table':
      case 'view':
      case 'index':
      case 'publication':
        return fileOf('app', domainOf(schema, name, 'table'));
      case 'policy':
        if (o.owner === 'realtime.messages') return fileOf('app', 'notifications');
        if (o.owner === 'storage.objects') return fileOf('app', 'files');
        return fileOf('app', domainOf(schema, name, 'table'));
      case 'trigger': {
        const [fs, fn] = splitName(o.via!);
        const byFunction = domainOf(fs, fn, 'function');
        if (schema !== 'app' && schema !== 'api') return fileOf('app', byFunction);
        return fileOf('app', byFunction === 'foundation' ? domainOf(schema, name, 'table') : byFunction);
      }
    }
  };
  const byKey = new Map(objects.map((o) => [o.key, o]));
  const placed = new Map<string, Placed>();
  const visiting = new Set<string>();
  const visit = (o: CatalogObject): Placed => {
    const done = placed.get(o.key);
    if (done) return done;
    if (visiting.has(o.key)) throw new Error(`dependency cycle: ${[...visiting].join(" -> ")} -> ${o.key}`);
    visiting.add(o.key);
    let file = home(o);
    for (const d of o.dependsOn) {
      const dep = byKey.get(d);
      if (!dep || d === o.key) continue;
      const f = visit(dep).file;
      if (index(file) >= 0 && index(f) > index(file)) file = f;
    }
    visiting.delete(o.key);
    const p = { ...o, file, home: home(o) };
    placed.set(o.key, p);
    return p;
  };
  for (const o of objects) visit(o);
  return [...placed.values()];
}

/** A file as reports show it: the path from the repository root, or what to do when there is none yet. */
export function shownFile(file: string): string {
  return file.startsWith('(') ? file : `supabase/${file}`;
}

function splitName(qualified: string): [string, string] {
  const dot = qualified.indexOf('.');
  return dot < 0 ? ['app', qualified] : [qualified.slice(0, dot), qualified.slice(dot + 1)];
}

const blockOrder: CatalogObject['kind'][] = ['extension', 'schema', 'default privileges', 'type', 'table', 'function', 'view', 'index', 'publication', 'trigger', 'policy'];
const memberOrder: CatalogObject['kind'][] = ['table', 'index', 'publication', 'trigger', 'policy'];

/**
 * A file's objects in blocks: a table with its indexes, publication, triggers and policies (what guards it
 * next to it), then the file's functions and views; each block after the blocks of the same file it
 * depends on (a policy's helper function comes just before the table it guards).
 */
export function orderWithin(list: Placed[]): Placed[][] {
  const tablesHere = new Set(list.filter((o) => o.kind === 'table').map((o) => o.owner));
  const blockOf = (o: Placed) =>
    o.kind === 'table' || (memberOrder.includes(o.kind) && tablesHere.has(o.owner)) ? `table ${o.owner}` : o.key;
  const blocks = new Map<string, Placed[]>();
  for (const o of list) blocks.set(blockOf(o), [...(blocks.get(blockOf(o)) ?? []), o]);
  const keyToBlock = new Map(list.map((o) => [o.key, blockOf(o)]));
  const ids = [...blocks.keys()].sort((a, b) => {
    const ka = blocks.get(a)!.find((o) => o.kind === 'table')?.kind ?? blocks.get(a)![0]!.kind;
    const kb = blocks.get(b)!.find((o) => o.kind === 'table')?.kind ?? blocks.get(b)![0]!.kind;
    return blockOrder.indexOf(ka) - blockOrder.indexOf(kb) || a.localeCompare(b);
  });
  const out: Placed[][] = [];
  const done = new Set<string>();
  const visiting = new Set<string>();
  const visit = (id: string) => {
    if (done.has(id)) return;
    if (visiting.has(id)) throw new Error(`objects of one file depend on each other in a circle: ${[...visiting].join(' -> ')} -> ${id}`);
    visiting.add(id);
    const members = blocks.get(id)!;
    for (const m of members) for (const d of m.dependsOn) {
      const b = keyToBlock.get(d);
      if (b && b !== id) visit(b);
    }
    visiting.delete(id);
    done.add(id);
    out.push([...members].sort((a, b) => memberOrder.indexOf(a.kind) - memberOrder.indexOf(b.kind) || a.key.localeCompare(b.key)));
  };
  for (const id of ids) visit(id);
  return out;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const write = args.includes('--write');
  const names = args.filter((a) => !a.startsWith('--'));
  if (!write && !names.length) {
    console.error('usage: npm run db:schema -- <name>… (print current definitions) | --write (regenerate supabase/schemas)');
    process.exit(2);
  }
  const built = await buildBoth({ schemas: false });
  let objects: CatalogObject[];
  try {
    const client = new pg.Client({ connectionString: built.migrations });
    await client.connect();
    try {
      objects = await readCatalog(client);
    } finally {
      await client.end();
    }
  } finally {
    await built.stop();
  }
  const placed = place(objects, { strict: write });
  if (!write) {
    for (const o of placed) {
      if (!names.some((n) => o.key.includes(n))) continue;
      console.log(`-- ${o.key}: ${shownFile(o.file)}\n${o.sql}\n`);
    }
    return;
  }
  const byFile = new Map<string, Placed[]>();
  for (const o of placed) byFile.set(o.file, [...(byFile.get(o.file) ?? []), o]);
  for (const o of placed) if (o.file !== o.home) console.log(`note: ${o.key} is in ${o.file}, after what it depends on (its domain's file is ${o.home})`);
  for (const file of orderedFiles()) {
    const list = byFile.get(file);
    if (!list) continue;
    const domain = domains.find((d) => file.endsWith(`/${d}.sql`))!;
    const title = file.includes('/api/') ? `${banner[domain]}\n-- This file: the api functions and types (the Data API); the tables are in ../${domain}.sql.` : banner[domain];
    const elsewhere = placed
      .filter((o) => o.home === file && o.file !== file)
      .map((o) => `-- ${o.key}: in ${path.basename(o.file)}, after what it reads.`);
    const body = [
      ...orderWithin(list).map((block) => block.map((o, i) => (i && block[i - 1]!.kind !== o.kind ? `\n${o.sql}` : o.sql)).join('\n')),
      ...(elsewhere.length ? [`-- Also of this domain, placed in a later file because it depends on objects defined there:\n${elsewhere.join('\n')}`] : []),
    ].join('\n\n');
    const target = path.join(supabaseDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, `-- ${title}\n-- Current definitions (decision 0039): change them here, then \`npm run db:diff\` writes the migration.\n\n${body}\n`);
    console.log(`wrote supabase/${file} (${list.length} objects)`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((e: unknown) => {
    console.error(e instanceof Error ? `error: ${e.message}` : e);
    process.exit(1);
  });
}
