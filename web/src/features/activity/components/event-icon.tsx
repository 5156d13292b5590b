import { cn } from '@/components/ui/cn';
import type { EventGroup } from '../utils/event-groups';

const colours: Record<EventGroup, string> = {
  application: 'bg-blue-100 text-blue-700',
  money: 'bg-emerald-100 text-emerald-700',
  content: 'bg-indigo-100 text-indigo-700',
  approval: 'bg-green-100 text-green-700',
  changes: 'bg-amber-100 text-amber-800',
  negative: 'bg-red-100 text-red-700',
  dispute: 'bg-orange-100 text-orange-800',
  review: 'bg-yellow-100 text-yellow-800',
  other: 'bg-slate-100 text-slate-600',
};

/** Each group's outline (24×24, stroked): person, coin, arrow up, check, pencil, cross, flag, star, dot. */
const paths: Record<EventGroup, string> = {
  application: 'M16 7a4 4 0 1 1-8 0 4 4 0 0 1 8 0zM4 21a8 8 0 0 1 16 0',
  money: 'M12 3v18M17 7.5C17 5.6 14.8 5 12 5s-5 1-5 3 2.2 2.6 5 3 5 1 5 3-2.2 3-5 3-5-.6-5-2.5',
  content: 'M12 19V5M5 12l7-7 7 7',
  approval: 'M5 13l4 4L19 7',
  changes: 'M4 20h4L19 9l-4-4L4 16v4zM13 7l4 4',
  negative: 'M6 6l12 12M18 6L6 18',
  dispute: 'M5 21V4M5 4h11l-2 4 2 4H5',
  review: 'M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1L3.2 9.5l6.1-.9z',
  other: 'M12 12h.01',
};

/** The round marker of a timeline event: an icon on its group's colour, hidden from screen readers (the sentence says it). */
export function EventIcon({ group }: { group: EventGroup }) {
  return (
    <span aria-hidden="true" className={cn('flex size-8 shrink-0 items-center justify-center rounded-full ring-4 ring-white', colours[group])}>
      <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth={group === 'other' ? 4 : 2} strokeLinecap="round" strokeLinejoin="round">
        <path d={paths[group]} />
      </svg>
    </span>
  );
}
