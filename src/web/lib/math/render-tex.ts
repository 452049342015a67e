import katex from 'katex';

/** A formula's MathML markup (no fonts or stylesheet needed), or null when KaTeX cannot read it. */
export type TexRenderer = (tex: string, display: boolean) => string | null;

/**
 * KaTeX to MathML only: browsers and screen readers read MathML themselves, so neither KaTeX's
 * stylesheet nor its fonts are shipped. A malformed formula is refused (null) so that the page
 * shows its source instead; `trust: false` keeps \href, \url and the like out of typed text, and
 * the size and expansion caps stop a formula from blowing up the page.
 */
export const renderTex: TexRenderer = (tex, display) => {
  const key = (display ? '$$' : '$') + tex;
  if (cache.has(key)) return cache.get(key) ?? null;
  if (cache.size >= CACHE_SIZE) cache.clear();
  const html = typeset(tex, display);
  cache.set(key, html);
  return html;
};

// A presenter re-renders its slide at every vote: the same few formulas, typeset once.
const CACHE_SIZE = 500;
const cache = new Map<string, string | null>();

function typeset(tex: string, display: boolean): string | null {
  try {
    return katex.renderToString(tex, {
      displayMode: display,
      output: 'mathml',
      throwOnError: true,
      trust: false,
      strict: 'ignore',
      maxSize: 20,
      maxExpand: 200,
    });
  } catch {
    return null;
  }
}
