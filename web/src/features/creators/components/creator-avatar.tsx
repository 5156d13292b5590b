import { Avatar } from '@/components/ui/avatar';

/**
 * A creator's picture, or their initials on a tinted disc. Decorative: the name is always printed next to
 * it, so screen readers are not told it twice.
 */
export function CreatorAvatar({ name, url, size = 'md' }: { name: string; url: string | null; size?: 'md' | 'lg' }) {
  return <Avatar src={url} name={name} size={size === 'lg' ? 'xl' : 'lg'} decorative />;
}
