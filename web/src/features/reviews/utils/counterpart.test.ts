import { describe, expect, test } from 'vitest';
import { type ActorOfEvent, counterpartOf } from './counterpart';

const brand: ActorOfEvent = { actor_id: 'b', actor_name: 'GlowLab', actor_role: 'brand' };
const creator: ActorOfEvent = { actor_id: 'c', actor_name: 'Sofía Ríos', actor_role: 'creator' };
const platform: ActorOfEvent = { actor_id: null, actor_name: null, actor_role: null };

describe('counterpartOf', () => {
  test("names the hire's other party from its history", () => {
    const events = [creator, brand, platform];
    expect(counterpartOf(events, 'c')).toEqual({ name: 'GlowLab', role: 'brand' });
    expect(counterpartOf(events, 'b')).toEqual({ name: 'Sofía Ríos', role: 'creator' });
  });

  test('skips the platform and admins; nobody else: null', () => {
    const admin: ActorOfEvent = { actor_id: 'a', actor_name: 'Admin', actor_role: 'admin' };
    expect(counterpartOf([platform, admin, creator], 'b')).toEqual({ name: 'Sofía Ríos', role: 'creator' });
    expect(counterpartOf([creator, platform], 'c')).toBeNull();
  });
});
