import { Avatar } from '@/components/ui/avatar';

/** The person's picture, or their initials when they have none (decorative: their name is printed beside it). */
export function PersonAvatar({ name, url, className }: { name: string; url?: string | null; className?: string }) {
  return <Avatar src={url} name={name} decorative className={className} />;
}
