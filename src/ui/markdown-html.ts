import createDOMPurify, { type Config, type WindowLike } from 'dompurify';
import { Marked } from 'marked';

/**
 * Markdown typed by users (an issue's description) as HTML that is safe to put in the page:
 * `marked` (CommonMark + GitHub tables, line breaks kept) writes the HTML, then DOMPurify keeps
 * only plain document HTML. Raw HTML in the text is allowed through the parser on purpose and
 * judged by the sanitiser alone, so there is one gate, not two half-gates.
 *
 * What the sanitiser removes: scripts, styles and every event handler (`on…`); forms, frames,
 * objects, SVG and MathML; images (they would fetch from other hosts as the reader opens the
 * page); `style`, `class` and `id` attributes; any URL whose scheme is not http, https, mailto or
 * tel (so `javascript:`, `data:` and `vbscript:` links lose their href). Links to other sites open
 * in a new tab with `rel="noopener noreferrer nofollow"`. Every block gets `dir="auto"`, so a Latin
 * paragraph reads left to right inside the right-to-left page.
 *
 * Rejected: markdown-it with `html: false` and no sanitiser (one mistake in a plugin and HTML is
 * through); a sanitiser on the server only (the client would still trust stored text).
 */

const CONFIG: Config = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'img',
    'picture',
    'video',
    'audio',
    'source',
    'iframe',
    'frame',
    'object',
    'embed',
    'base',
    'link',
    'meta',
  ],
  FORBID_ATTR: ['style', 'class', 'id', 'srcset', 'action', 'formaction'],
  ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/(?!\/)|[^:/?#]*(?:[/?#]|$))/i,
  ALLOW_DATA_ATTR: false,
};

const BLOCKS = new Set(['P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'TD', 'TH', 'PRE']);

/** A function turning Markdown into sanitised HTML with the DOM of `win` (the browser's window, or jsdom's in tests). */
export type MarkdownRenderer = (markdown: string) => string;

/** The renderer over the DOM of `win` (see the module comment for what it keeps). */
export function createMarkdownRenderer(win: WindowLike): MarkdownRenderer {
  const purify = createDOMPurify(win);
  purify.addHook('afterSanitizeAttributes', (node) => {
    const el = node as Element;
    if (BLOCKS.has(el.tagName)) el.setAttribute('dir', 'auto');
    if (el.tagName === 'A') {
      const href = el.getAttribute('href') ?? '';
      if (/^https?:/i.test(href)) {
        el.setAttribute('target', '_blank');
        el.setAttribute('rel', 'noopener noreferrer nofollow');
      } else el.removeAttribute('target');
    }
  });
  const marked = new Marked({ gfm: true, breaks: true, async: false });
  return (markdown) => purify.sanitize(marked.parse(markdown, { async: false }), CONFIG);
}

let browserRenderer: MarkdownRenderer | null = null;

/** Markdown → sanitised HTML in the browser (the renderer over `window`, made on first use). */
export function markdownToSafeHtml(markdown: string): string {
  browserRenderer ??= createMarkdownRenderer(window as unknown as WindowLike);
  return browserRenderer(markdown);
}
