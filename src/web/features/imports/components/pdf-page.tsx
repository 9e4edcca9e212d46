/**
 * One page of a draft's PDF, drawn in the browser by unpdf's bundled pdf.js (its own chunk,
 * loaded on the first review), with the text items of the focused field's snippet highlighted.
 * Where pdf.js cannot draw (an old browser, a broken file) the browser's own viewer shows the
 * page instead, in an <iframe> of the bytes with `#page=N` (no highlight there).
 */
import type { getDocumentProxy } from 'unpdf';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Spinner } from '../../../components/ui/spinner.js';

type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

const normal = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * The text items of the snippet: those holding the whole snippet, or else the pieces (of 4+
 * characters, or the whole of a short snippet) that the snippet contains.
 */
export function itemsOfSnippet(items: readonly string[], snippet: string): number[] {
  const target = normal(snippet);
  if (!target) return [];
  const texts = items.map(normal);
  const whole = texts.flatMap((s, i) => (s.includes(target) ? [i] : []));
  if (whole.length) return whole;
  return texts.flatMap((s, i) => (s.length >= Math.min(4, target.length) && target.includes(s) ? [i] : []));
}

async function openPdf(bytes: ArrayBuffer): Promise<PdfDocument> {
  const unpdf = await import('unpdf');
  // pdf.js takes the buffer over: it gets a copy, so a re-render can open the bytes again.
  return unpdf.getDocumentProxy(new Uint8Array(bytes.slice(0)));
}

export function PdfPage({ bytes, page, snippet }: { bytes: ArrayBuffer; page: number; snippet: string | undefined }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [failed, setFailed] = useState(false);
  const [boxes, setBoxes] = useState<Box[]>([]);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  const [pages, setPages] = useState(0);

  useEffect(() => {
    let live = true;
    openPdf(bytes)
      .then((d) => {
        if (!live) return void d.destroy();
        setDoc(d);
        setPages(d.numPages);
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [bytes]);

  useEffect(() => () => void doc?.destroy(), [doc]);

  const shown = Math.min(Math.max(page, 1), pages || 1);

  useEffect(() => {
    if (!doc || !canvas.current) return;
    let live = true;
    const el = canvas.current;
    (async () => {
      const p = await doc.getPage(shown);
      const viewport = p.getViewport({ scale: 1.5 });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      const ctx = el.getContext('2d');
      if (!ctx) throw new Error('canvas');
      await p.render({ canvasContext: ctx, viewport, canvas: el }).promise;
      if (!live) return;
      setSize({ width: viewport.width, height: viewport.height });
      const text = await p.getTextContent();
      const items = text.items.flatMap((it) => ('str' in it ? [it] : []));
      const hits = snippet
        ? itemsOfSnippet(
            items.map((it) => it.str),
            snippet,
          )
        : [];
      setBoxes(
        hits.map((i) => {
          const it = items[i]!;
          const [x, y] = [it.transform[4] as number, it.transform[5] as number];
          const h = it.height || Math.abs(it.transform[3] as number);
          const [x1, y1, x2, y2] = viewport.convertToViewportRectangle([x, y, x + it.width, y + h]) as number[];
          return {
            left: Math.min(x1!, x2!) - 2,
            top: Math.min(y1!, y2!) - 2,
            width: Math.abs(x2! - x1!) + 4,
            height: Math.abs(y2! - y1!) + 4,
          };
        }),
      );
    })().catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [doc, shown, snippet]);

  if (failed) return <PdfFrame bytes={bytes} page={shown} />;

  return (
    <div className="space-y-2">
      <p className="text-xs text-slate-600">{pages ? `Página ${shown} de ${pages}` : 'Abrindo o PDF...'}</p>
      <div className="relative overflow-hidden rounded-lg border border-soil-200 bg-white" data-testid="pdf-page">
        {!doc ? (
          <div className="flex h-64 items-center justify-center">
            <Spinner />
          </div>
        ) : null}
        <canvas ref={canvas} className="block h-auto w-full" aria-label={`Página ${shown} do relatório`} role="img" />
        {size
          ? boxes.map((b, i) => (
              <span
                key={i}
                data-testid="evidence-highlight"
                className="pointer-events-none absolute rounded-sm bg-amber-300/40 ring-2 ring-amber-500"
                style={{
                  left: `${(b.left / size.width) * 100}%`,
                  top: `${(b.top / size.height) * 100}%`,
                  width: `${(b.width / size.width) * 100}%`,
                  height: `${(b.height / size.height) * 100}%`,
                }}
              />
            ))
          : null}
      </div>
    </div>
  );
}

/** The browser's own PDF viewer on the page, for when pdf.js cannot draw it. */
function PdfFrame({ bytes, page }: { bytes: ArrayBuffer; page: number }) {
  const url = useMemo(() => URL.createObjectURL(new Blob([bytes], { type: 'application/pdf' })), [bytes]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return url ? (
    <iframe title={`Relatório, página ${page}`} src={`${url}#page=${page}`} className="h-[70vh] w-full rounded-lg border border-soil-200" />
  ) : null;
}
