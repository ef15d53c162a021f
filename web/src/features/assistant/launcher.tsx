// The AI Assistant's floating button, on every screen of the root layout for visitors and signed-in
// users alike (spec section 2). It is part of the first script, so it is only the button: the panel and
// the conversation (panel.tsx) load when it is first pressed, or when a pointer or focus reaches it.
// On a phone with the signed-in tab bar the button is an item of the bar instead, so it never covers
// the page (a switch, a form's last field, a composer's Send).
import { MessageCircle, X } from 'lucide-react';
import { type ButtonHTMLAttributes, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
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

// Tailwind reads class names from the source, so every placement is written out whole. A conversation's
// message box is 4rem and 1px, at the bottom of screens that fill the window (up to lg, where the
// conversation is narrower than the window and the corner is free). Below md, with the tab bar, there is
// no floating button: the bar has it.
const BUTTON_BOTTOM = {
  plain: 'bottom-4',
  composer: 'bottom-[calc(4.75rem+1px)] lg:bottom-4',
} as const;

export function AssistantLauncher({
  userId,
  aboveTabBar,
  aboveComposer,
  tabBarSlot = null,
}: {
  /** Who is signed in: an id, null for a visitor, undefined while the session loads. */
  userId: string | null | undefined;
  /** The phone's tab bar is shown: keep clear of it. */
  aboveTabBar: boolean;
  /** The screen fills the window with a message box at its bottom (a conversation): keep clear of it. */
  aboveComposer: boolean;
  /**
   * The tab bar's place for the assistant (bottom-nav.tsx), once the bar is on the page: below md the
   * button is there, and the floating one is only for wider screens.
   */
  tabBarSlot?: HTMLElement | null;
}) {
  const panel = useSyncExternalStore(
    subscribe,
    () => panelModule,
    () => undefined,
  );
  const [open, setOpen] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const tabRef = useRef<HTMLButtonElement>(null);
  // The button that opened the panel, floating or in the tab bar: focus goes back to it on closing.
  const openerRef = useRef<HTMLButtonElement | null>(null);

  const openPanel = (opener: HTMLButtonElement | null) => {
    openerRef.current = opener;
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

  const inTabBar = aboveTabBar && tabBarSlot !== null;
  const loadEarly = {
    onPointerEnter: () => void loadPanel(),
    onFocus: () => void loadPanel(),
  } satisfies ButtonHTMLAttributes<HTMLButtonElement>;
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
        onClick={() => openPanel(buttonRef.current)}
        {...loadEarly}
        className={cn(
          'fixed right-4 z-40 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-colors hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
          BUTTON_BOTTOM[aboveComposer ? 'composer' : 'plain'],
          // On a phone the tab bar has the button instead (from its first paint: no button comes and goes).
          aboveTabBar && 'max-md:hidden',
        )}
      >
        <MessageCircle className="size-6" aria-hidden="true" />
      </button>
      {inTabBar &&
        createPortal(
          <button
            ref={tabRef}
            type="button"
            // Named as its panel is; the floating button's "Open AI Assistant" is another button.
            aria-label="AI Assistant"
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-busy={waiting || undefined}
            // The panel sits above the bar and leaves it usable: the button opens and closes it.
            onClick={() => (open ? setOpen(false) : openPanel(tabRef.current))}
            {...loadEarly}
            // The floating button's look, smaller, at the bar's end: the same button, moved.
            className="m-auto flex size-10 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-sm transition-colors hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            {open ? (
              <X className="size-5" aria-hidden="true" />
            ) : (
              <MessageCircle className="size-5" aria-hidden="true" />
            )}
          </button>,
          tabBarSlot,
        )}
      {panel && (
        <panel.AssistantPanel
          open={open}
          onOpenChange={setOpen}
          returnFocusTo={openerRef}
          userId={userId}
          aboveTabBar={aboveTabBar}
        />
      )}
    </>
  );
}
