/**
 * Text helpers for matching report wording: case and accents are ignored ("MATÉRIA ORGÂNICA",
 * "materia organica"), and folding keeps one character per character so that an index found in
 * the folded text is the same index in the original (values are cut from the original).
 */

/** Lower case without diacritics, one output char per input UTF-16 unit. */
export function fold(text: string): string {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string;
    const code = ch.charCodeAt(0);
    if (code < 0x80) {
      out += code >= 65 && code <= 90 ? String.fromCharCode(code + 32) : ch;
      continue;
    }
    // NFD splits "ã" into "a" + combining tilde; the base letter is the first unit.
    const base = ch.normalize('NFD')[0] ?? ch;
    out += base.toLowerCase().length === 1 ? base.toLowerCase() : ch;
  }
  return out;
}

/** Folded, with runs of spaces/punctuation collapsed: for comparing names and labels. */
export function key(text: string): string {
  return fold(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Words kept in lower case inside Portuguese proper names. */
const NAME_CONNECTORS = new Set(['de', 'da', 'do', 'das', 'dos', 'e', 'em']);

/**
 * "TERRA FÉRTIL ASSESSORIA" → "Terra Fértil Assessoria". Only applied to text written all in
 * capitals (headers often are); mixed-case text is kept as the author wrote it.
 */
export function tidyCase(text: string): string {
  const letters = text.replace(/[^A-Za-zÀ-ÿ]/g, '');
  if (letters.length < 3 || letters !== letters.toUpperCase()) return text;
  return text
    .toLowerCase()
    .split(/(\s+)/)
    .map((word, i) => {
      if (/^\s+$/.test(word)) return word;
      if (i > 0 && NAME_CONNECTORS.has(word)) return word;
      // Codes such as "BRS", "TMG" or "RB867515" keep their capitals when they hold digits.
      if (/\d/.test(word)) return word.toUpperCase();
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join('');
}

/** Trims spaces and the punctuation that separates a value from what follows it. */
export function cleanValue(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      .replace(/^[\s:;,.\-–—|]+/, '')
      .replace(/[\s:;,\-–—|]+$/, '')
      // A full stop ends a sentence; "..." (a cut name) stays.
      .replace(/(?<!\.)\.$/, '')
      .trim()
  );
}

/** Dashes and placeholders that mean "nothing here" in a table cell. */
export function isBlankCell(text: string): boolean {
  return /^[\s\-–—.*/]*$/.test(text) || /^(n\/?a|nd|n\.d\.|sem aplica[cç][aã]o|nenhum[a]?)$/i.test(text.trim());
}
