import { MessageSquare } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useStartConversation } from './api';

/**
 * 'Message': opens (or finds) the conversation with `userId`, about `jobId` when given, and shows it.
 * `name` tells screen-reader users who it is for where several such buttons share a page.
 */
export function MessageButton({
  userId,
  jobId,
  name,
  variant = 'outline',
  size,
  className,
}: {
  userId: string;
  jobId?: string;
  name?: string;
} & Pick<ComponentProps<typeof Button>, 'variant' | 'size' | 'className'>) {
  const start = useStartConversation();
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      disabled={start.isPending}
      aria-busy={start.isPending}
      // Starts with the visible word, so speech users can still say "click Message".
      aria-label={name ? `Message ${name}` : undefined}
      onClick={() => start.mutate(jobId ? { userId, jobId } : { userId })}
    >
      {start.isPending ? <Spinner /> : <MessageSquare aria-hidden="true" />}
      Message
    </Button>
  );
}
