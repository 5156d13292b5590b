/** Shapes of the messaging functions of the `api` schema, derived from the generated types (types/api-contract.ts). */
import type { ApiComposite, ApiRow, Nullable, Simplify } from '@/types/api-contract';

/** A message as api.conversation / api.send_message return it (and as Realtime delivers app.messages rows). */
export type Message = Simplify<
  Nullable<ApiComposite<'message'>, 'client_id'> & {
    /** Client-side only: an optimistic bubble whose send has not been confirmed yet. */
    pending?: boolean;
  }
>;

/** One row of api.contacts(): a person the caller exchanged messages with; display_name names a brand by its company. */
export type Contact = Nullable<ApiRow<'contacts'>, 'avatar_url' | 'display_name'>;

/** One row of api.user_summary(): enough to name a person before any message exists. */
export type UserSummary = Nullable<ApiRow<'user_summary'>, 'avatar_url' | 'display_name'>;

/** A page of a conversation, newest first; the cursor of the next (older) page is its last row. */
export type ConversationPage = Message[];

/** The keyset cursor of api.conversation: messages strictly older than this (created_at, id). */
export interface ConversationCursor {
  before_created_at: string;
  before_id: string;
}
