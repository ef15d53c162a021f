import { Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * The spec's 'Enhance with AI' on Post a Job. The assistant that would write the suggestion is a later
 * issue and the server has no endpoint for it yet, so the action is shown as not available instead of
 * being offered and failing every time. The note is the button's description, so a screen reader says
 * why it cannot be pressed.
 */
export function EnhanceDescription() {
  return (
    <div className="space-y-1">
      <Button variant="outline" size="sm" disabled aria-describedby="enhance-unavailable">
        <Sparkles aria-hidden="true" />
        Enhance with AI
      </Button>
      <p id="enhance-unavailable" className="text-xs text-muted-foreground">
        AI enhancement is not available yet
      </p>
    </div>
  );
}
