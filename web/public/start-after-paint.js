// Starts the app once a server-rendered page has painted (see web/src/server-render.tsx): the
// browser would otherwise often run the app's first script before its first paint, so the page would
// appear only after the JavaScript had loaded and run. The entry's address is on this tag.
//
// Until the app has taken the page over, its buttons have no handlers: a tap on one (a job's Raise
// Dispute, a quote's Send) would do nothing and be lost. So the last button tapped, or form sent, is
// kept here and done again once the app says it has started (web/src/main.tsx sends
// 'tradenest:started' right after its first commit). Links are left alone: they work without the app.
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  if (!entry) return;

  const BUTTONS = 'button, [role="button"], input[type="submit"], input[type="button"]';
  const root = document.getElementById('root');
  /** What to do again: a button tapped or a form sent. */
  let kept = null;

  const onClick = (event) => {
    const button = event.target instanceof Element ? event.target.closest(BUTTONS) : null;
    if (!button || !root?.contains(button)) return;
    event.preventDefault();
    event.stopPropagation();
    kept = { button };
  };
  const onSubmit = (event) => {
    if (!(event.target instanceof HTMLFormElement) || !root?.contains(event.target)) return;
    event.preventDefault();
    event.stopPropagation();
    kept = { form: event.target, submitter: event.submitter ?? null };
  };
  document.addEventListener('click', onClick, true);
  document.addEventListener('submit', onSubmit, true);

  document.addEventListener(
    'tradenest:started',
    () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('submit', onSubmit, true);
      const tap = kept;
      kept = null;
      if (!tap) return;
      // Hydrating keeps the page's elements: the same button gets the app's handler, but a part whose
      // code loads later (a lazily loaded section) is hydrated only once that code is here. React marks
      // each element it has hydrated with its props: the tap is done again then (at the earliest after
      // the commit that sent this event), or dropped after 10 s.
      const hydrated = (element) => Object.keys(element).some((key) => key.startsWith('__reactProps$'));
      const target = tap.form ?? tap.button;
      const giveUpAt = Date.now() + 10_000;
      const again = () => {
        if (!target.isConnected || target.disabled || Date.now() > giveUpAt) return;
        if (!hydrated(target)) {
          setTimeout(again, 50);
        } else if (tap.form) {
          tap.form.requestSubmit(tap.submitter?.isConnected ? tap.submitter : null);
        } else {
          tap.button.click();
        }
      };
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
