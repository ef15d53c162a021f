import type { EnhanceResponse } from '@domain/assistant/api';
import { ASSISTANT_LIMITS, ENHANCE_TEXTS } from '@domain/assistant/messages';
import { Sparkles } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { apiFetch } from '@/lib/api';
import { showError, showSuccess } from '@/lib/toast';

/** The body of enhance-job-description (EnhanceBody in the contract; the server trims and checks it). */
type EnhanceRequest = { description: string; category: string };

export function enhanceJobDescription(body: EnhanceRequest): Promise<EnhanceResponse> {
  return apiFetch<EnhanceResponse>('/assistant/enhance-job-description', { method: 'POST', json: body });
}

// Spec section 8 writes toasts as 'Title: description'; this one's title is 'AI Error'.
const [FAILURE_TITLE, FAILURE_BODY] = (() => {
  const at = ENHANCE_TEXTS.failure.indexOf(': ');
  return [ENHANCE_TEXTS.failure.slice(0, at), ENHANCE_TEXTS.failure.slice(at + 2)];
})();

type Step =
  | { name: 'idle' }
  | { name: 'working' }
  | { name: 'suggestion'; text: string; questions: string[] };

/**
 * The spec's 'Enhance with AI' on Post a Job (sections 2, 4 and 5): idle, working, then a suggestion
 * shown beside the description with 'Use This' (it replaces the description) and 'Keep Original'
 * (it is dropped). The questions that come with it are for the customer to answer if they wish;
 * 'Use This' puts only the description into the form. Shortening the description below 20 characters goes back to idle. What the person
 * wrote is never lost: after 'Use This' their own text can be put back.
 */
export function EnhanceDescription({
  description,
  category,
  onReplace,
}: {
  description: string;
  category: string;
  /** Puts `text` into the description field (through the form) and moves focus there. */
  onReplace: (text: string) => void;
}) {
  const [step, setStep] = useState<Step>({ name: 'idle' });
  // The description before 'Use This', while the field still holds the suggestion.
  const [applied, setApplied] = useState<{ original: string; suggestion: string } | null>(null);
  const request = useRef(0);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const long = description.trim().length >= ASSISTANT_LIMITS.enhanceMin;

  // Spec section 4: shortening the text below 20 characters resets it (an answer on its way is dropped).
  useEffect(() => {
    if (!long) {
      request.current += 1;
      setStep({ name: 'idle' });
    }
  }, [long]);

  const working = step.name === 'working';
  const enhance = async () => {
    if (working) return;
    if (!long) {
      void showError(ENHANCE_TEXTS.tooShortTitle, ENHANCE_TEXTS.tooShortBody);
      return;
    }
    const mine = ++request.current;
    setStep({ name: 'working' });
    try {
      const { enhanced, questions } = await enhanceJobDescription({ description, category });
      if (request.current !== mine) return;
      if (typeof enhanced !== 'string' || enhanced.trim() === '') throw new Error('no suggestion');
      setStep({
        name: 'suggestion',
        text: enhanced,
        questions: Array.isArray(questions) ? questions.filter((q) => typeof q === 'string') : [],
      });
    } catch {
      if (request.current !== mine) return;
      setStep({ name: 'idle' });
      void showError(FAILURE_TITLE, FAILURE_BODY);
    }
  };

  const applySuggestion = (text: string) => {
    setApplied({ original: description, suggestion: text });
    setStep({ name: 'idle' });
    onReplace(text);
    void showSuccess(ENHANCE_TEXTS.applied);
  };

  const keepOriginal = () => {
    setStep({ name: 'idle' });
    buttonRef.current?.focus();
  };

  const restore = (original: string) => {
    setApplied(null);
    onReplace(original);
  };

  // The way back stays offered until the description is changed again.
  const canRestore = applied !== null && applied.suggestion === description && step.name === 'idle';
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          ref={buttonRef}
          variant="outline"
          size="sm"
          // Not `disabled` while working: focus stays on the button, which says it is busy.
          aria-disabled={working || undefined}
          aria-busy={working || undefined}
          className="aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
          onClick={() => void enhance()}
        >
          {working ? <Spinner /> : <Sparkles aria-hidden="true" />}
          {ENHANCE_TEXTS.action}
        </Button>
        {canRestore && (
          <Button variant="link" size="sm" className="h-auto px-0" onClick={() => restore(applied.original)}>
            Restore my original description
          </Button>
        )}
      </div>
      <p className="sr-only" role="status">
        {working ? 'Enhancing your description…' : step.name === 'suggestion' ? 'AI suggestion ready' : ''}
      </p>
      {step.name === 'suggestion' && (
        <Suggestion
          text={step.text}
          questions={step.questions}
          onUse={() => applySuggestion(step.text)}
          onKeepOriginal={keepOriginal}
        />
      )}
    </div>
  );
}

/** The assistant's suggestion, with the questions that come with it and the choice to use it or not. */
function Suggestion({
  text,
  questions,
  onUse,
  onKeepOriginal,
}: {
  text: string;
  questions: string[];
  onUse: () => void;
  onKeepOriginal: () => void;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="space-y-3 rounded-lg border border-primary/40 bg-primary/5 p-4"
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-sm font-semibold">
        <Sparkles className="size-4 text-primary" aria-hidden="true" />
        AI suggestion
      </h2>
      <p className="text-sm whitespace-pre-wrap wrap-anywhere">{text}</p>
      {/* Asked of the customer, to answer in their own words if they wish: never put into the job. */}
      {questions.length > 0 && (
        <div className="space-y-1 text-sm">
          <h3 id={`${id}-questions`} className="font-medium">
            A tradesperson may also want to know:
          </h3>
          <ul
            aria-labelledby={`${id}-questions`}
            className="list-disc space-y-0.5 ps-5 text-muted-foreground"
          >
            {questions.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={onUse}>
          {ENHANCE_TEXTS.useThis}
        </Button>
        <Button variant="outline" size="sm" onClick={onKeepOriginal}>
          {ENHANCE_TEXTS.keepOriginal}
        </Button>
      </div>
    </section>
  );
}
