import { useEffect, useState } from 'react';
import type { TexRenderer } from '../lib/math/render-tex.ts';
import { type MathPart, splitMath } from '../lib/math/split-math.ts';

let renderer: TexRenderer | undefined;
let loading: Promise<TexRenderer> | undefined;

/** The server build's renderer, at hand from the start (entry-server.tsx). */
export function provideMath(render: TexRenderer): void {
  renderer = render;
}

/**
 * KaTeX is its own chunk, loaded only by a page that shows a formula: the browser awaits it
 * before hydrating server-rendered maths (main.tsx), other screens when a formula first shows.
 */
export function loadMath(): Promise<TexRenderer> {
  loading ??= import('../lib/math/render-tex.ts').then((m) => {
    renderer = m.renderTex;
    return m.renderTex;
  });
  return loading;
}

/**
 * Typed text (a question, an option, an explanation, a Q&A question) with its `$…$` and
 * `$$…$$` formulas as MathML; the one renderer every screen uses for such text. Until KaTeX is
 * loaded, and for good when a formula is malformed, the formula shows as its source.
 */
export function MathText({ text }: { text: string }) {
  const parts = splitMath(text);
  const math = parts.some((part) => typeof part !== 'string');
  const [render, setRender] = useState(() => renderer);
  useEffect(() => {
    if (math && !render) loadMath().then((loaded) => setRender(() => loaded), Boolean);
  }, [math, render]);
  if (!math) return parts.join('');
  const current = render ?? renderer;
  return parts.map((part, i) =>
    typeof part === 'string' ? (
      part
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, re-split whole each time
      <Formula key={i} part={part} render={current} />
    ),
  );
}

function Formula({ part, render }: { part: Exclude<MathPart, string>; render?: TexRenderer }) {
  const html = render?.(part.tex, part.display);
  if (html) {
    const className = part.display ? 'math math-display' : 'math';
    // KaTeX's own markup: it escapes every character of the source, and `trust: false` (render-tex.ts)
    // keeps links and HTML commands out, so typed text cannot become markup here.
    // biome-ignore lint/security/noDangerouslySetInnerHtml: see above
    return <span className={className} dangerouslySetInnerHTML={{ __html: html }} />;
  }
  const mark = part.display ? '$$' : '$';
  return <span className="math-source">{mark + part.tex + mark}</span>;
}
