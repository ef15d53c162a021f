// The AI Assistant's floating button, on every screen of the root layout for visitors and signed-in
// users alike (spec section 2). It is part of the first script, so it is only the button: the panel and
// the conversation (panel.tsx) load when it is first pressed, or when a pointer or focus reaches it.
import { MessageCircle } from 'lucide-react';
import { useRef, useState, useSyncExternalStore } from 'react';
import { showError } from '@/lib/toast';
import { cn } from '@/lib/utils';

type PanelModule = typeof import('./panel');

let panelModule: PanelModule | undefined;
let loading: Promise<PanelModule | undefined> | undefined;
const listeners = new Set<() => void>();

function loadPanel(): Promise<PanelModule | undefined> {
  loading ??= import('./panel').then(
    (module) => {
      panelModule = module;
      for (const listener of listeners) listener();
      return module;
    },
    () => {
      // Offline or a new deployment: the next press tries again.
      loading = undefined;
      return undefined;
    },
  );
  return loading;
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
}

// Tailwind reads class names from the source, so every placement is written out whole. The tab bar is
// 4rem and a 1px border tall, plus the home indicator (below md only); a conversation's message box is
// 4rem and 1px, at the bottom of screens that fill the window (up to lg, where the conversation is
// narrower than the window and the corner is free).
const BUTTON_BOTTOM = {
  plain: 'bottom-4',
  tabBar: 'bottom-[calc(5rem+1px+env(safe-area-inset-bottom))] md:bottom-4',
  composer: 'bottom-[calc(4.75rem+1px)] lg:bottom-4',
  tabBarAndComposer:
    'bottom-[calc(8.75rem+2px+env(safe-area-inset-bottom))] md:bottom-[calc(4.75rem+1px)] lg:bottom-4',
} as const;

export function AssistantLauncher({
  userId,
  aboveTabBar,
  aboveComposer,
}: {
  /** Who is signed in: an id, null for a visitor, undefined while the session loads. */
  userId: string | null | undefined;
  /** The phone's tab bar is shown: keep clear of it. */
  aboveTabBar: boolean;
  /** The screen fills the window with a message box at its bottom (a conversation): keep clear of it. */
  aboveComposer: boolean;
}) {
  const panel = useSyncExternalStore(
    subscribe,
    () => panelModule,
    () => undefined,
  );
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);

  const openPanel = () => {
    if (panelModule) {
      setOpen(true);
      return;
    }
    if (waiting) return;
    setWaiting(true);
    void loadPanel().then((module) => {
      setWaiting(false);
      if (module) setOpen(true);
      else void showError('Error', 'The AI Assistant could not be opened. Please try again.');
    });
  };

  const place = aboveTabBar
    ? aboveComposer
      ? 'tabBarAndComposer'
      : 'tabBar'
    : aboveComposer
      ? 'composer'
      : 'plain';
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-label="Open AI Assistant"
        aria-haspopup="dialog"
        aria-busy={waiting || undefined}
        // The panel takes the button's corner while open, and has its own Close.
        hidden={open}
        onClick={openPanel}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        className={cn(
          'fixed right-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-colors hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          BUTTON_BOTTOM[place],
        )}
      >
        <MessageCircle className="size-6" aria-hidden="true" />
      </button>
      {panel && (
        <panel.AssistantPanel
          open={open}
          onOpenChange={setOpen}
          returnFocusTo={buttonRef}
          userId={userId}
          aboveTabBar={aboveTabBar}
        />
      )}
    </>
  );
}
