import { cn } from '@/lib/utils';

/**
 * A person's round picture. `size` (pixels) is its width and height attributes, which reserve its
 * space before it loads; `className` gives its drawn size. `lazy` for pictures down a list.
 */
export function AvatarImage({
  src,
  alt = '',
  size,
  lazy = false,
  className,
}: {
  src: string;
  alt?: string;
  size: number;
  lazy?: boolean;
  className: string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={lazy ? 'lazy' : undefined}
      decoding="async"
      className={cn('shrink-0 rounded-full bg-muted object-cover', className)}
    />
  );
}
