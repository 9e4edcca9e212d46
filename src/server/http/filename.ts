/**
 * Cleans a filename received with an upload: no directories, no control characters, a sane
 * length, and a .pdf extension. Accents are kept (they are shown and sent back intact).
 */
export function cleanPdfFilename(raw: string | undefined | null, fallback = 'documento.pdf'): string {
  const base = (raw ?? '').split(/[/\\]/).pop() ?? '';
  let name = base
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+/, '');
  if (!name) return fallback;
  if (!/\.pdf$/i.test(name)) name = `${name}.pdf`;
  if (name.length > 180) name = `${name.slice(0, 176).trimEnd()}.pdf`;
  return name;
}

/** RFC 6266 Content-Disposition with an ASCII fallback and the UTF-8 name intact. */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const ascii = filename
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]/g, '_')
    .replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
