import { lazy, Suspense, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';
import type { AdminDocumentView } from './api';

// pdf.js arrives only when an admin opens a PDF.
const PdfPages = lazy(() => import('./pdf-pages'));

/**
 * The document's stored file, shown inside the page: an image as an image, a PDF drawn onto canvases
 * (pdf-pages.tsx). Never the browser's own PDF viewer, never a link that opens the file by itself. The
 * box has a fixed height and scrolls (with the keyboard too, once focused), so opening it moves the
 * rest of the page by one known amount and loading moves nothing.
 */
export function DocumentViewer({ document, label }: { document: AdminDocumentView; label: string }) {
  const isPdf = document.mimeType === 'application/pdf';
  const [broken, setBroken] = useState(false);
  return (
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (WCAG 2.1.1)
      tabIndex={0}
      className="h-[26rem] overflow-auto rounded-lg border border-border bg-muted p-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring sm:h-[32rem] sm:p-3"
    >
      {isPdf ? (
        <Suspense
          fallback={
            <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
              <Spinner className="size-4" />
              Loading the PDF viewer…
            </p>
          }
        >
          <PdfPages url={document.fileUrl} title={document.title} />
        </Suspense>
      ) : broken ? (
        <p role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
          This image could not be loaded. Ask the tradesperson to upload it again if it stays missing.
        </p>
      ) : (
        <img
          src={document.fileUrl}
          alt={label}
          decoding="async"
          onError={() => setBroken(true)}
          className="mx-auto h-full w-full object-contain"
        />
      )}
    </section>
  );
}
