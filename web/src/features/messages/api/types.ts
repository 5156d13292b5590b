import type { Database } from '@db/database.types';

type Functions = Database['api']['Functions'];

/** A message as api.conversation / api.send_message return it (and as Realtime delivers app.messages rows). */
export interface Message {
  id: string;
  sender_id: string;
  receiver_id: string;
  content: string;
  read: boolean;
  created_at: string;
  client_id: string | null;
  /** Client-side only: an optimistic bubble whose send has not been confirmed yet. */
  pending?: boolean;
}

/** One row of api.contacts(): a person the caller exchanged messages with. */
export type Contact = Functions['contacts']['Returns'][number];

/** One row of api.user_summary(): enough to name a person before any message exists. */
export type UserSummary = Functions['user_summary']['Returns'][number];

/** A page of a conversation, newest first; the cursor of the next (older) page is its last row. */
export type ConversationPage = Message[];

/** The keyset cursor of api.conversation: messages strictly older than this (created_at, id). */
export interface ConversationCursor {
  before_created_at: string;
  before_id: string;
}

// Compile-time check that the hand-written Message still matches the database's composite type.
type DbMessage = Database['api']['CompositeTypes']['message'];
type Same<A, B> = [Exclude<keyof A, keyof B>, Exclude<keyof B, keyof A>] extends [never, never] ? true : never;
export type MessageContractCheck = Same<Omit<Message, 'pending'>, DbMessage>;
const _check: MessageContractCheck = true;
void _check;
