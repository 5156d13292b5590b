import type { V2Event } from './v2-objects.ts';

/**
 * The body of a v2 event's webhook: a "thin" notification with the event's identity and a reference to
 * the object it concerns, but not its `data` (https://docs.stripe.com/event-destinations#thin-events).
 * `stripe.parseEventNotification` checks its signature and parses it; `fetchEvent()` and
 * `fetchRelatedObject()` then call back into the API for the rest.
 */
export function thinNotification(event: V2Event): Omit<V2Event, 'data'> {
  const { data: _data, ...thin } = event;
  return thin;
}
