import type { ConversationPersonView } from '@domain/messaging/api';
import { cn } from '@/lib/utils';
import { avatarSrc } from './api';

/** A person's round picture. Decorative: their name is always written beside it. */
export function Avatar({
  person,
  size,
  className,
}: {
  person: Pick<ConversationPersonView, 'id' | 'avatarUrl'>;
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
