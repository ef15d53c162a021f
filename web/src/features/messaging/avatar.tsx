import { cn } from '@/lib/utils';
import { avatarSrc } from './api';
import type { Person } from './types';

/** A person's round picture. Decorative: their name is always written beside it. */
export function Avatar({
  person,
  size,
  className,
}: {
  person: Pick<Person, 'id' | 'avatarUrl'>;
  size: number;
  className?: string;
}) {
  return (
    <img
      src={avatarSrc(person)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
      // Width and height attributes reserve the space; the class keeps it when CSS resets images.
      style={{ width: size, height: size }}
      className={cn('shrink-0 rounded-full bg-muted object-cover', className)}
    />
  );
}
