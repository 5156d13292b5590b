import type { ApiRow, Nullable } from '@/types/api-contract';
import type { PartyRole } from '../types';

/** The other side of a hire, as the reviews panel names them ("Review GlowLab"). */
export interface Counterpart {
  name: string | null;
  role: PartyRole;
}

/** The fields of an api.application_events row this reads (all null for the platform: Stripe, the scheduler). */
export type ActorOfEvent = Nullable<Pick<ApiRow<'application_events'>, 'actor_id' | 'actor_name' | 'actor_role'>, 'actor_id' | 'actor_name' | 'actor_role'>;

/**
 * The other party of a hire seen from the viewer. api.hire_reviews carries no names; the hire's history
 * does: the creator applied and the brand accepted, so both appear as actors (a brand by its company
 * name). The platform (no actor) and admins are skipped.
 */
export function counterpartOf(events: readonly ActorOfEvent[], viewerId: string): Counterpart | null {
  const other = events.find((e) => e.actor_id !== viewerId && (e.actor_role === 'brand' || e.actor_role === 'creator'));
  if (!other) return null;
  return { name: other.actor_name ?? null, role: other.actor_role as PartyRole };
}
