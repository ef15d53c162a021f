// A PDF drawn page by page onto canvases with pdf.js, for an admin checking a verification document.
// pdf.js and its worker are loaded only here, and this module only when an admin opens a PDF, so no
// other page (and no admin page until then) carries them.
//
// Why not the browser's own viewer (an <iframe> or a new tab): that viewer can run a document's
// scripts and follow its actions. Here nothing in the file runs: pdf.js parses it in a worker and
// paints pixels; scripting is never set up (no sandbox, no annotation layer, no forms), XFA is off and
// pdf.js 6 has no eval path left (the old isEvalSupported switch is gone with it). The server already
// stores a rewritten copy without scripts or automatic actions (server/modules/profiles/document-file.ts);
// this is the second lock.
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

/** Pages drawn at most: certificates are a page or two; a longer file says how many more it has. */
const MAX_PAGES = 20;

type State = { status: 'loading' } | { status: 'error' } | { status: 'ready'; pages: number; shown: number };

export default function PdfPages({ url, title }: { url: string; title: string }) {
  const pagesRef = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => Promise<void>) | undefined;
    const holder = pagesRef.current;
    setState({ status: 'loading' });

    (async () => {
      const [pdfjs, worker] = await Promise.all([
        import('pdfjs-dist'),
        import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
      ]);
      pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
      // The file is only served to admins and its owner: the session cookie goes with the request
      // (same origin only, never to anyone else).
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(`The file answered ${response.status}`);
      const data = new Uint8Array(await response.arrayBuffer());
      if (cancelled) return;
      const task = pdfjs.getDocument({
        data,
        enableXfa: false,
        // No WebAssembly (the page's CSP does not allow compiling it) and nothing fetched by the worker.
        useWasm: false,
        useWorkerFetch: false,
        stopAtErrors: false,
      });
      destroy = () => task.destroy();
      const pdf = await task.promise;
      const shown = Math.min(pdf.numPages, MAX_PAGES);
      const width = Math.max(280, holder?.clientWidth ?? 640);
      const ratio = Math.min(2, window.devicePixelRatio || 1);
      for (let number = 1; number <= shown && !cancelled; number++) {
        const page = await pdf.getPage(number);
        const natural = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (width / natural.width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'block h-auto w-full bg-white shadow-sm';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${title}, page ${number} of ${pdf.numPages}`);
        if (cancelled || !holder) return;
        holder.append(canvas);
        // Annotations are drawn as part of the page (their appearance), never as live widgets.
        await page.render({ canvas, viewport, annotationMode: pdfjs.AnnotationMode.ENABLE }).promise;
      }
      if (!cancelled) setState({ status: 'ready', pages: pdf.numPages, shown });
    })().catch(() => {
      if (!cancelled) setState({ status: 'error' });
    });

    return () => {
      cancelled = true;
      void destroy?.();
      holder?.replaceChildren();
    };
  }, [url, title]);

  return (
    <div aria-busy={state.status === 'loading'} className="space-y-3">
      {state.status === 'loading' && (
        <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
          <Spinner className="size-4" />
          Drawing the PDF…
        </p>
      )}
      {state.status === 'error' && (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
          This PDF could not be shown. Ask the tradesperson to upload it again if it stays unreadable.
        </p>
      )}
      <div ref={pagesRef} className="space-y-3" />
      {state.status === 'ready' && state.pages > state.shown && (
        <p className="text-sm text-muted-foreground">
          Showing the first {state.shown} of {state.pages} pages.
        </p>
      )}
    </div>
  );
}
