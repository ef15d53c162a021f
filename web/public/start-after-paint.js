// Starts the app once a server-rendered page has painted (see web/src/server-render.tsx): the
// browser would otherwise often run the app's first script before its first paint, so the page would
// appear only after the JavaScript had loaded and run. The entry's address is on this tag.
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  if (!entry) return;
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
