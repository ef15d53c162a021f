// Starts the app once a server-rendered page has painted (see web/src/server-render.tsx): the
// browser would otherwise often run the app's first script before its first paint, so the page would
// appear only after the JavaScript had loaded and run. The entry's address is on this tag.
//
// Until the app has hydrated a button, it has no handler: a tap on it (a job's Raise Dispute, a quote's
// Send) would do nothing and be lost, and so would one on a part that hydrates later than the rest (a
// lazily loaded section, whose code is still on its way). So a tap on a button React has not hydrated
// yet, or a form sent from one, is kept here: the last one, done again once the app has started
// (web/src/main.tsx sends 'tradenest:started' after its first commit) and React has hydrated that
// element, or dropped after 10 s. Links are left alone: they work without the app.
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  if (!entry) return;

  const BUTTONS = 'button, [role="button"], input[type="submit"], input[type="button"]';
  const root = document.getElementById('root');
  // React marks each element it has hydrated (or rendered) with its props. It does so as it renders,
  // before its commit makes the handlers live: until the app's first commit every tap is kept.
  const hydrated = (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));
  /** The tap to do again: its element, how, and until when. */
  let kept = null;
  let started = false;

  const again = () => {
    const tap = kept;
    if (!tap) return;
    if (!tap.target.isConnected || tap.target.disabled || Date.now() > tap.giveUpAt) {
      if (kept === tap) kept = null;
    } else if (!started || !hydrated(tap.target)) {
      if (started) setTimeout(again, 50);
    } else {
      kept = null;
      tap.redo();
    }
  };
  const keep = (event, target, redo) => {
    event.preventDefault();
    event.stopPropagation();
    kept = { target, redo, giveUpAt: Date.now() + 10_000 };
    if (started) setTimeout(again, 0);
  };

  document.addEventListener(
    'click',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest(BUTTONS) : null;
      if (!button || !root?.contains(button) || (started && hydrated(button))) return;
      keep(event, button, () => button.click());
    },
    true,
  );
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement) || !root?.contains(form) || (started && hydrated(form))) return;
      const submitter = event.submitter ?? null;
      keep(event, form, () => form.requestSubmit(submitter?.isConnected ? submitter : null));
    },
    true,
  );
  document.addEventListener(
    'tradenest:started',
    () => {
      started = true;
      // After the commit that sent this event, so React handles it as any other tap.
      setTimeout(again, 0);
    },
    { once: true },
  );

  requestAnimationFrame(() => {
    // The frame after this callback is the first paint; the app starts right after it.
    setTimeout(() => {
      const script = document.createElement('script');
      script.type = 'module';
      script.crossOrigin = '';
      script.src = entry;
      document.body.appendChild(script);
    }, 0);
  });
})();
