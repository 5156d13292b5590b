import { invalid } from '../../_shared/http-error.ts';
import { callRpc } from '../../_shared/rpc.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { idParam, optionalText, uuidField } from '../input.ts';
import { toApi } from '../serialize.ts';

/** GET /api/messages/unread: {count} of unread messages the caller received. */
export async function unreadCount(ctx: RequestContext): Promise<ApiResult> {
  return { status: 200, body: { count: await callRpc<number>(ctx.client(), 'unread_count') } };
}

/** GET /api/contacts: everyone the caller exchanged messages with, latest conversation first. */
export async function listContacts(ctx: RequestContext): Promise<ApiResult> {
  return { status: 200, body: toApi(await callRpc<unknown[]>(ctx.client(), 'contacts')) };
}

/** GET /api/messages/{contactId}: the latest 200 messages with a contact, oldest first (as a chat shows them). */
export async function conversation(ctx: RequestContext): Promise<ApiResult> {
  const contactId = idParam(ctx, 'contactId', 'Contact');
  const rows = await callRpc<unknown[]>(ctx.client(), 'conversation', { contact_id: contactId, page_size: 200 });
  return { status: 200, body: toApi([...rows].reverse()) };
}

/** POST /api/messages {receiverId, content[, clientId]}: sends a message; returns it. */
export async function sendMessage(ctx: RequestContext): Promise<ApiResult> {
  const body = await ctx.body();
  const receiverId = uuidField(body, 'receiverId');
  const content = optionalText(body, 'content') ?? '';
  if (!content.trim()) throw invalid('content', 'Message cannot be empty');
  const clientId = body.clientId === undefined ? null : uuidField(body, 'clientId');
  const rows = await callRpc<unknown[]>(ctx.client(), 'send_message', { receiver_id: receiverId, content, client_id: clientId });
  return { status: 201, body: toApi(rows[0]) };
}
