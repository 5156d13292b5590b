import { randomUUID } from 'node:crypto';
import type { Subscription, SubscriberChannel } from './change-feed.ts';
import type { Session } from './session.ts';

/** One joined topic of a socket. */
export class Channel implements SubscriberChannel {
  readonly topic: string;
  readonly name: string;
  readonly joinRef: string | null;
  readonly session: Session;
  role = '';
  claimsJson = '{}';
  token = '';
  isPrivate = false;
  broadcastSelf = false;
  broadcastAck = false;
  presenceKey: string;
  presenceEnabled = false;
  subscriptions: Subscription[] = [];
  expiryTimer: NodeJS.Timeout | undefined;

  constructor(session: Session, topic: string, joinRef: string | null) {
    this.session = session;
    this.topic = topic;
    this.name = topic.slice('realtime:'.length);
    this.joinRef = joinRef;
    this.presenceKey = randomUUID();
  }

  deliver(ids: number[], dataJson: string): void {
    this.session.sendRaw(null, null, this.topic, 'postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${dataJson}}`);
  }

  push(event: string, payload: unknown): void {
    this.session.send(this.joinRef, null, this.topic, event, payload);
  }

  system(extension: string, status: 'ok' | 'error', message: string): void {
    this.push('system', { extension, status, message, channel: this.name });
  }
}
