import { randomUUID } from 'node:crypto';
import type { AccessContext } from './authorization.ts';
import type { Subscription, SubscriberChannel } from './change-feed.ts';
import { encodeRaw } from './serializer.ts';
import type { SessionLink } from './session-link.ts';

/**
 * What RLS on realtime.messages allows a private channel, per extension, as hosted keeps it: undefined until
 * checked. Reads are checked at join (presence only when the join enables presence), writes at the first
 * broadcast or presence track.
 */
export interface ChannelPolicies {
  broadcast: { read?: boolean; write?: boolean };
  presence: { read?: boolean; write?: boolean };
}

/** One joined topic of a socket. */
export class Channel implements SubscriberChannel {
  readonly topic: string;
  readonly name: string;
  readonly joinRef: string | null;
  readonly session: SessionLink;
  role = '';
  claimsJson = '{}';
  sub: string | null = null;
  token = '';
  isPrivate = false;
  /** Public channels have none: nothing is checked for them. */
  policies: ChannelPolicies | null = null;
  broadcastSelf = false;
  broadcastAck = false;
  presenceKey: string;
  presenceEnabled = false;
  subscriptions: Subscription[] = [];
  expiryTimer: NodeJS.Timeout | undefined;

  constructor(session: SessionLink, topic: string, joinRef: string | null) {
    this.session = session;
    this.topic = topic;
    this.name = topic.slice('realtime:'.length);
    this.joinRef = joinRef;
    this.presenceKey = randomUUID();
  }

  /** Public and private channels of one name are separate topics, as on hosted. */
  get scope(): string {
    return scopeOf(this.topic, this.isPrivate);
  }

  /** Whether broadcasts reach this channel: always on a public one, with broadcast read on a private one. */
  get receivesBroadcast(): boolean {
    return !this.isPrivate || this.policies?.broadcast.read === true;
  }

  /** Whether presence state and diffs reach this channel. */
  get receivesPresence(): boolean {
    return !this.isPrivate || this.policies?.presence.read === true;
  }

  accessContext(): AccessContext {
    return { topic: this.name, role: this.role, claimsJson: this.claimsJson, sub: this.sub, headersJson: this.session.headersJson };
  }

  deliver(ids: number[], dataJson: string, frames: Map<string, Buffer>): void {
    const vsn = this.session.vsn;
    const key = `${vsn}\u0000${this.topic}\u0000${ids.join(',')}`;
    let frame = frames.get(key);
    if (!frame) {
      // Encoded to UTF-8 once here rather than by every socket's send.
      frame = Buffer.from(encodeRaw(vsn, null, null, this.topic, 'postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`));
      frames.set(key, frame);
    }
    this.session.sendText(frame);
  }

  push(event: string, payload: unknown): void {
    this.session.send(this.joinRef, null, this.topic, event, payload);
  }

  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.name });
  }
}

export function scopeOf(topic: string, isPrivate: boolean): string {
  return `${isPrivate ? 'private' : 'public'}:${topic}`;
}
