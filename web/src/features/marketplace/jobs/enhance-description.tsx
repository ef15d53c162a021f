import { LIMITS } from '@domain/catalog/catalog';
import { Check, Sparkles, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { showError, showSuccess } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useEnhanceDescription } from './api';

type State = { kind: 'idle' } | { kind: 'working' } | { kind: 'suggestion'; text: string };

/**
 * The spec's AI enhancement (sections 2, 4 and 5): idle, working, suggestion shown. 'Use This' applies
 * the suggestion, 'Keep Original' discards it, and shortening the text below 20 characters resets it.
 */
export function EnhanceDescription({
  description,
  category,
  onApply,
}: {
  description: string;
  category: string;
  onApply: (text: string) => void;
}) {
  const [state, setState] = useState<State>({ kind: 'idle' });
  const enhance = useEnhanceDescription();
  // Each request gets a number; an answer to an older request (or one made before a reset) is dropped.
  const request = useRef(0);
  const longEnough = description.trim().length >= LIMITS.aiEnhanceMin;

  useEffect(() => {
    if (!longEnough) {
      request.current += 1;
      setState({ kind: 'idle' });
    }
  }, [longEnough]);

  const start = () => {
    if (!longEnough) {
      void showError('Description too short', 'Please write at least 20 characters');
      return;
    }
    if (state.kind === 'working') return;
    const id = ++request.current;
    setState({ kind: 'working' });
    enhance.mutate(
      { description: description.trim(), category },
      {
        onSuccess: (text) => {
          if (id === request.current) setState({ kind: 'suggestion', text });
        },
        onError: () => {
          if (id !== request.current) return;
          setState({ kind: 'idle' });
          void showError('AI Error', 'Failed to enhance description. Please try again.');
        },
      },
    );
  };

  return (
    <div className="space-y-3">
      <Button
        variant="outline"
        size="sm"
        onClick={start}
        // Still focusable and pressable below 20 characters, so the press can say why nothing happens.
        aria-disabled={!longEnough || state.kind === 'working' ? true : undefined}
        aria-busy={state.kind === 'working'}
        aria-describedby="enhance-hint"
        className={cn(!longEnough && 'opacity-60')}
      >
        {state.kind === 'working' ? <Spinner /> : <Sparkles aria-hidden="true" />}
        {state.kind === 'working' ? 'Enhancing…' : 'Enhance with AI'}
      </Button>
      <p id="enhance-hint" className="text-xs text-muted-foreground">
        {longEnough
          ? 'Get a clearer, more detailed description suggested for you.'
          : `Available once the description has at least ${LIMITS.aiEnhanceMin} characters.`}
      </p>
      <div aria-live="polite">
        {state.kind === 'suggestion' && (
          <section
            aria-label="Suggested description"
            className="space-y-3 rounded-lg border border-primary/40 bg-muted p-4"
          >
            <h3 className="text-sm font-semibold">Suggested description</h3>
            <p className="text-sm whitespace-pre-wrap">{state.text}</p>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                onClick={() => {
                  onApply(state.text);
                  setState({ kind: 'idle' });
                  void showSuccess('Applied!');
                }}
              >
                <Check aria-hidden="true" />
                Use This
              </Button>
              <Button size="sm" variant="outline" onClick={() => setState({ kind: 'idle' })}>
                <X aria-hidden="true" />
                Keep Original
              </Button>
            </div>
          </section>
        )}
      </div>
    </div>
  );
}
