import type { Page, TestInfo } from '@playwright/test';
import type { RealtimeChannel } from '@supabase/supabase-js';
import { randomUUID } from 'node:crypto';
import type { Account } from '../testkit/e2e/accounts.ts';
import { englishShown, type Lang, text } from '../testkit/e2e/catalog-text.ts';
import { type ApiClient, signedInClient } from '../testkit/e2e/clients.ts';
import { expect, test } from '../testkit/e2e/fixtures.ts';
import { openNavigation } from '../testkit/e2e/navigation.ts';
import { watchPageProblems } from '../testkit/e2e/page-problems.ts';
import { signInThroughUi } from '../testkit/e2e/sign-in.ts';

/**
 * Messaging between two people in two browsers (issue 5). Every test has its own brand and creators from
 * the account factory, so the desktop and phone runs (in parallel) and other spec files never see each
 * other's messages or unread counts. Creators read the screen in Spanish, brands in English (issue 15).
 */

/** The language each page was signed in with: its account's role's. */
const langOf = new WeakMap<Page, Lang>();
const tx = (page: Page, key: string, values?: Record<string, string | number>) => text(langOf.get(page) ?? 'en', key, values);

async function signIn(page: Page, account: Account): Promise<void> {
  langOf.set(page, account.role === 'creator' ? 'es' : 'en');
  await signInThroughUi(page, account);
  await expect(page).toHaveURL(/\/dashboard\//);
}


/** The Messages entry of the navigation (the slide-in menu on phones, opened and closed again). */
async function expectUnread(page: Page, count: number): Promise<void> {
  // The shell must be up before openNavigation looks for the phone's menu button.
  const shell = page.getByRole('button', { name: tx(page, 'common.menu.open') }).or(page.getByRole('complementary', { name: tx(page, 'common.sidebar') }));
  await expect(shell.filter({ visible: true }).first()).toBeVisible();
  await openNavigation(page);
  const name = tx(page, 'common.nav.messages');
  const link = page.getByRole('link', { name: new RegExp(`^${name}`) });
  if (count > 0) await expect(link).toHaveText(`${name}${count} ${tx(page, 'common.nav.unread')}`);
  else await expect(link).toHaveText(name);
  await closeNavigation(page);
}

async function closeNavigation(page: Page): Promise<void> {
  const close = page.getByRole('dialog').getByRole('button', { name: tx(page, 'common.menu.close') });
  if (await close.isVisible()) {
    // The menu's own button, which Playwright clicks once the panel has stopped moving. (Escape is covered
    // by the a11y spec; here, under a full parallel run, one Escape was once ignored by the menu and the
    // dialog stayed open: see the closing note of issue 13.)
    await close.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  }
}

const log = (page: Page) => page.getByRole('log');
const composer = (page: Page) => page.getByRole('textbox', { name: tx(page, 'messages.composer.label') });
const sendButton = (page: Page) => page.getByRole('button', { name: tx(page, 'messages.composer.send'), exact: true });
const contacts = (page: Page) => page.getByRole('list', { name: tx(page, 'messages.contacts.list') });
const twoPanes = (testInfo: TestInfo) => (testInfo.project.use.viewport?.width ?? 0) >= 768;

async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await sendButton(page).click();
  await expect(composer(page)).toHaveValue('');
  await expect(log(page).getByText(text, { exact: true })).toBeVisible();
}

/** Subscribes a Node client to every INSERT on app.messages (no filter: only RLS decides what arrives). */
async function listen(c: ApiClient, received: string[]): Promise<RealtimeChannel> {
  const channel = c.channel(`spy-${randomUUID()}`);
  await new Promise<void>((resolve, reject) => {
    channel
      .on('postgres_changes', { event: 'INSERT', schema: 'app', table: 'messages' }, (p) => received.push(String((p.new as { content: string }).content)))
      .subscribe((status, err) => {
        if (status === 'SUBSCRIBED') resolve();
        else if (status !== 'CLOSED') reject(err ?? new Error(status));
      });
  });
  return channel;
}

test.describe('messages', () => {
  test('brand and creator talk live both ways; badges, read receipts in every tab, outsiders get nothing', async ({ page, openPersonPage, pageProblems, accounts }, testInfo) => {
    test.setTimeout(150_000);
    const [brand, creator, outsider] = await Promise.all([
      accounts.create('brand'),
      accounts.create('creator'),
      accounts.create('creator', { label: 'outsider' }),
    ]);

    // Node-side spies: the creator (a participant) and the outsider, on unfiltered channels.
    const creatorSeen: string[] = [];
    const outsiderSeen: string[] = [];
    const creatorApi = await signedInClient(creator);
    const outsiderApi = await signedInClient(outsider);
    await listen(creatorApi, creatorSeen);
    await listen(outsiderApi, outsiderSeen);

    const brandPage = page;
    const creatorPage = await openPersonPage();
    const outsiderPage = await openPersonPage();
    await Promise.all([signIn(brandPage, brand), signIn(creatorPage, creator), signIn(outsiderPage, outsider)]);
    // A second tab of the creator (same browser context, same session) stays on the dashboard.
    const creatorTab2 = await creatorPage.context().newPage();
    langOf.set(creatorTab2, 'es');
    watchPageProblems(creatorTab2, pageProblems);
    await creatorTab2.goto('/dashboard');
    await expectUnread(creatorTab2, 0);

    await outsiderPage.goto('/messages');
    await expect(outsiderPage.getByText(tx(outsiderPage, 'messages.contacts.empty'))).toBeVisible();
    await expect(outsiderPage.getByRole('heading', { name: 'Mensajes', level: 1 })).toBeVisible();
    expect(await englishShown(outsiderPage, ['messages'])).toEqual([]);

    // ?userId with no prior messages: a new conversation named through user_summary.
    await brandPage.goto(`/messages?userId=${creator.id}`);
    await expect(brandPage.getByRole('heading', { name: creator.fullName })).toBeVisible();
    await expect(brandPage.getByText('No messages yet. Start the conversation!')).toBeVisible();
    await expect(brandPage.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();

    await send(brandPage, 'Hello from the brand');
    await expectUnread(creatorPage, 1);
    await send(brandPage, 'Second message');
    await expectUnread(creatorPage, 2);
    await expectUnread(creatorTab2, 2);

    // The creator opens Messages from the navigation: the brand's conversation, badge cleared at once.
    await openNavigation(creatorPage);
    await creatorPage.getByRole('link', { name: /^Mensajes/ }).click();
    await expect(creatorPage).toHaveURL(/\/messages$/);
    const contact = contacts(creatorPage).getByRole('button', { name: new RegExp(brand.fullName) });
    await expect(contact).toContainText('Second message');
    if (!twoPanes(testInfo)) {
      await expect(contact.getByTestId('contact-unread')).toHaveText('2 sin leer');
      expect(await englishShown(creatorPage, ['messages'])).toEqual([]);
      await contact.click();
    }
    await expect(creatorPage.getByRole('heading', { name: brand.fullName })).toBeVisible();
    await expect(log(creatorPage).getByText('Hello from the brand')).toBeVisible();
    await expect(log(creatorPage).getByText('Second message')).toBeVisible();
    await expectUnread(creatorPage, 0);
    // Read in one tab: the other tab's badge drops too, without a reload.
    await expectUnread(creatorTab2, 0);
    // The creator's screen is Spanish throughout; the messages people send stay as they were written.
    await expect(log(creatorPage)).toHaveAccessibleName(`Mensajes con ${brand.fullName}`);
    await expect(creatorPage.getByPlaceholder('Escribe un mensaje...')).toBeVisible();
    expect(await englishShown(creatorPage, ['messages'])).toEqual([]);

    // The other way: the brand's open conversation shows the reply live; their badge stays clear.
    await send(creatorPage, '¡Hola! Gracias');
    await expect(log(brandPage).getByText('¡Hola! Gracias')).toBeVisible();
    await expectUnread(brandPage, 0);
    // Own bubbles on the right, the other's on the left.
    const box = async (p: Page, text: string) => (await log(p).getByText(text, { exact: true }).boundingBox())!;
    expect((await box(brandPage, 'Hello from the brand')).x).toBeGreaterThan((await box(brandPage, '¡Hola! Gracias')).x);

    // The brand's contact list follows: latest message as preview.
    if (twoPanes(testInfo)) {
      await expect(contacts(brandPage).getByRole('button', { name: new RegExp(creator.fullName) })).toContainText('¡Hola! Gracias');
    }

    // The outsider: nothing over Realtime, nothing on screen, no badge.
    await expect.poll(() => creatorSeen.length).toBe(3);
    expect(outsiderSeen).toEqual([]);
    await expect(outsiderPage.getByText('Todavía no tienes conversaciones')).toBeVisible();
    await expect(outsiderPage.getByText('Hello from the brand')).toHaveCount(0);
    await expectUnread(outsiderPage, 0);

    await creatorApi.removeAllChannels();
    await outsiderApi.removeAllChannels();
  });

  test('deep links: ?contact valid and invalid, ?userId unknown', async ({ page, accounts }, testInfo) => {
    const [brand, first, second] = await Promise.all([
      accounts.create('brand'),
      accounts.create('creator', { label: 'alpha' }),
      accounts.create('creator', { label: 'beta' }),
    ]);
    const brandApi = await signedInClient(brand);
    for (const [to, text] of [
      [second, 'to Beta'],
      [first, 'to Alpha'],
    ] as const) {
      const { error } = await brandApi.rpc('send_message', { receiver_id: to.id, content: text, client_id: randomUUID() });
      expect(error).toBeNull();
    }
    await signIn(page, brand);

    // ?contact selects that conversation (Beta is not the latest one).
    await page.goto(`/messages?contact=${second.id}`);
    await expect(page.getByRole('heading', { name: second.fullName })).toBeVisible();
    await expect(log(page).getByText('to Beta')).toBeVisible();

    // Not an id: a notice, then the default selection (the latest contact on wide screens, the list on phones).
    await page.goto('/messages?contact=123');
    await expect(page.getByRole('status').filter({ hasText: 'Conversation not available' })).toBeVisible();
    await expect(page).toHaveURL(/\/messages$/);
    if (twoPanes(testInfo)) {
      await expect(page.getByRole('heading', { name: first.fullName })).toBeVisible();
      await expect(log(page).getByText('to Alpha')).toBeVisible();
    } else {
      await expect(contacts(page).getByRole('button')).toHaveCount(2);
      await expect(page.getByText('Select a conversation to start messaging')).toBeHidden();
    }

    // A well-formed id of nobody.
    await page.goto(`/messages?userId=${randomUUID()}`);
    await expect(page.getByRole('status').filter({ hasText: 'That user was not found.' })).toBeVisible();
    await expect(page).toHaveURL(/\/messages$/);

    // Phones: back from a conversation to the list.
    if (!twoPanes(testInfo)) {
      await page.goto(`/messages?contact=${first.id}`);
      await page.getByRole('button', { name: 'Back to conversations' }).click();
      await expect(contacts(page)).toBeVisible();
    }
  });

  test('blank and oversized messages are refused; a refused send says why, in Spanish, and keeps the text', async ({ page, accounts }) => {
    const [creator, otherCreator, brand] = await Promise.all([
      accounts.create('creator'),
      accounts.create('creator', { label: 'peer' }),
      accounts.create('brand'),
    ]);
    await signIn(page, creator);
    await page.goto(`/messages?userId=${brand.id}`);
    await expect(page.getByRole('heading', { name: brand.fullName })).toBeVisible();

    await expect(sendButton(page)).toBeDisabled();
    await composer(page).fill('   \n  ');
    await expect(sendButton(page)).toBeDisabled();
    await composer(page).press('Enter');
    await expect(page.getByText('Todavía no hay mensajes. ¡Empieza la conversación!')).toBeVisible();

    await composer(page).fill('x'.repeat(4001));
    await expect(page.getByRole('alert').filter({ hasText: 'El mensaje es demasiado largo (máximo 4000 caracteres)' })).toBeVisible();
    expect(await englishShown(page, ['messages'])).toEqual([]);
    await expect(sendButton(page)).toBeDisabled();
    await composer(page).fill('x'.repeat(4000));
    await expect(sendButton(page)).toBeEnabled();
    await composer(page).fill('Exactly right');
    await sendButton(page).click();
    await expect(log(page).getByText('Exactly right')).toBeVisible();

    // Creators may not message creators: the database refuses and the toast says why, by the refusal's code.
    await page.goto(`/messages?userId=${otherCreator.id}`);
    await expect(page.getByRole('heading', { name: otherCreator.fullName })).toBeVisible();
    await composer(page).fill('Hola colega');
    await sendButton(page).click();
    const toast = page.getByRole('alert').filter({ hasText: 'No se pudo enviar el mensaje' });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText('No puedes enviarle mensajes a este usuario');
    await expect(composer(page)).toHaveValue('Hola colega');
    await expect(page.getByText('Todavía no hay mensajes. ¡Empieza la conversación!')).toBeVisible();
    expect(await englishShown(page, ['messages'])).toEqual([]);
  });

  test('the socket reconnects by itself and catches up on what it missed', async ({ page, accounts }) => {
    const [brand, creator] = await Promise.all([accounts.create('brand'), accounts.create('creator')]);
    const brandApi = await signedInClient(brand);
    const say = async (content: string) => {
      const { error } = await brandApi.rpc('send_message', { receiver_id: creator.id, content, client_id: randomUUID() });
      expect(error).toBeNull();
    };
    // Every Realtime socket of the page passes through the test, which can cut it.
    const sockets: Array<{ page: { close(): Promise<void> }; server: { close(): Promise<void> } }> = [];
    await page.routeWebSocket(/\/realtime\/v1\/websocket/, (socket) => {
      sockets.push({ page: socket, server: socket.connectToServer() });
    });
    await signIn(page, creator);
    await expect.poll(() => sockets.length).toBe(1);
    await say('before the cut');
    await expectUnread(page, 1);

    // Cut the connection; a message sent while it is down is not replayed by Realtime.
    const cut = sockets[0]!;
    await cut.server.close();
    await cut.page.close();
    await say('while disconnected');
    // realtime-js reconnects by itself; on rejoining, the app re-reads what it missed.
    await expect.poll(() => sockets.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    await expectUnread(page, 2);
    // And the new socket is live again (the fallback poll would take a minute).
    await say('after the reconnect');
    await expectUnread(page, 3);
  });

  test('a retried send never posts twice; older messages load on scroll', async ({ page, accounts }) => {
    const [brand, creator] = await Promise.all([accounts.create('brand'), accounts.create('creator')]);
    const brandApi = await signedInClient(brand);
    // Same client_id twice (a retry after a lost answer): one message.
    const clientId = randomUUID();
    for (let i = 0; i < 2; i++) {
      const { error } = await brandApi.rpc('send_message', { receiver_id: creator.id, content: 'Message 0', client_id: clientId });
      expect(error).toBeNull();
    }
    for (let i = 1; i < 70; i += 10) {
      const batch = Array.from({ length: Math.min(10, 70 - i) }, (_, k) => i + k);
      await Promise.all(batch.map((n) => brandApi.rpc('send_message', { receiver_id: creator.id, content: `Message ${n}`, client_id: randomUUID() })));
    }
    await signIn(page, creator);
    await page.goto(`/messages?contact=${brand.id}`);
    const items = log(page).getByRole('listitem');
    // Only the newest page is loaded at first.
    await expect(items).toHaveCount(50);
    await expect(log(page).getByText('Message 0', { exact: true })).toHaveCount(0);
    await page.getByTestId('message-scroller').evaluate((el) => el.scrollTo({ top: 0 }));
    await expect(items).toHaveCount(70);
    await expect(log(page).getByText('Message 0', { exact: true })).toHaveCount(1);
  });
});
