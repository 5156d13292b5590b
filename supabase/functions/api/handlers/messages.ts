import { API_MESSAGE_ORDER, apiMessageSchema } from '../../_shared/contract/api-bodies.ts';
import { parseInput } from '../../_shared/parse-input.ts';
import { callRpc } from '../../_shared/rpc.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { idParam } from '../input.ts';
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
  const { receiverId, content, clientId } = parseInput(apiMessageSchema, await ctx.body(), API_MESSAGE_ORDER);
  const rows = await callRpc<unknown[]>(ctx.client(), 'send_message', { receiver_id: receiverId, content, client_id: clientId ?? null });
  return { status: 201, body: toApi(rows[0]) };
}
