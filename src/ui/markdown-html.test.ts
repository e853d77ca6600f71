import type { WindowLike } from 'dompurify';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { createMarkdownRenderer } from './markdown-html.ts';

/**
 * The issue description's Markdown is rendered, and whatever could run or fetch is stripped:
 * scripts, event handlers, `javascript:` (and other non-web) links, frames, styles, images.
 * Payloads after the OWASP XSS filter evasion cheat sheet.
 */

const render = createMarkdownRenderer(new JSDOM('').window as unknown as WindowLike);

/** The rendered HTML parsed again, to ask what reached the page. */
function dom(markdown: string) {
  const html = render(markdown);
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  const attrs = [...doc.body.querySelectorAll('*')].flatMap((el) => [...el.attributes].map((a) => a.name));
  return { html, doc, attrs };
}

describe('markdown with a sanitiser', () => {
  it('renders Markdown: emphasis, lists, headings, links, tables, line breaks', () => {
    const { doc } = dom(
      '## عنوان\n\n**مهلت** گذشته است\nسطر دوم\n\n- یک\n- دو\n\n[سامانه](https://example.ir/a)\n\n| ستون |\n| --- |\n| خانه |',
    );
    expect(doc.querySelector('h2')?.textContent).toBe('عنوان');
    expect(doc.querySelector('strong')?.textContent).toBe('مهلت');
    expect(doc.querySelector('br')).not.toBeNull();
    expect(doc.querySelectorAll('li')).toHaveLength(2);
    expect(doc.querySelector('td')?.textContent).toBe('خانه');
    const link = doc.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('https://example.ir/a');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(doc.querySelector('p')?.getAttribute('dir')).toBe('auto');
  });

  it('strips script tags, whatever their spelling', () => {
    for (const payload of [
      '<script>alert(1)</script>',
      '<SCRIPT SRC=https://xss.example/xss.js></SCRIPT>',
      '<scr<script>ipt>alert(1)</script>',
      'متن\n\n<script>document.cookie</script>',
    ]) {
      const { html, doc } = dom(payload);
      expect(doc.querySelector('script'), payload).toBeNull();
      expect(html.toLowerCase(), payload).not.toContain('<script');
    }
  });

  it('strips event handlers from every element', () => {
    for (const payload of [
      '<img src=x onerror=alert(1)>',
      '<a href="https://example.ir" onclick="alert(1)">پیوند</a>',
      '<div onmouseover="alert(1)">متن</div>',
      '<svg onload=alert(1)></svg>',
      '<details open ontoggle=alert(1)>',
      '<p style="background:url(javascript:alert(1))" onfocus=alert(1) tabindex=0>x</p>',
      '[پیوند](https://example.ir "title" onclick="alert(1)")',
    ]) {
      const { attrs, html } = dom(payload);
      expect(
        attrs.filter((a) => a.startsWith('on')),
        payload,
      ).toEqual([]);
      expect(attrs, payload).not.toContain('style');
      expect(html, payload).not.toMatch(/alert\(1\)"?\s*>/);
    }
  });

  it('removes javascript: and other non-web links, in Markdown and in HTML', () => {
    for (const payload of [
      '[کلیک](javascript:alert(1))',
      '[کلیک](JaVaScRiPt:alert(1))',
      '[کلیک](java\tscript:alert(1))',
      '<a href="javascript:alert(1)">کلیک</a>',
      '<a href="&#106;avascript:alert(1)">کلیک</a>',
      '<a href=" javascript:alert(1)">کلیک</a>',
      '[کلیک](vbscript:msgbox(1))',
      '[کلیک](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
      '<javascript:alert(1)>',
    ]) {
      const { doc } = dom(payload);
      for (const a of doc.querySelectorAll('a')) {
        const href = (a.getAttribute('href') ?? '').replace(/\s/g, '').toLowerCase();
        expect(href, payload).not.toMatch(/^(javascript|vbscript|data):/);
      }
    }
    // web, mail and in-page links stay
    expect(dom('[x](mailto:a@b.ir)').doc.querySelector('a')?.getAttribute('href')).toBe('mailto:a@b.ir');
    expect(dom('[x](/issues/view/7)').doc.querySelector('a')?.getAttribute('href')).toBe('/issues/view/7');
    expect(dom('[x](/issues/view/7)').doc.querySelector('a')?.hasAttribute('target')).toBe(false);
  });

  it('removes frames, forms, styles and images', () => {
    const { doc } = dom(
      '<iframe src="https://evil.example"></iframe><form action="https://evil.example"><input name=a></form><style>body{display:none}</style>![x](https://evil.example/p.png)<object data=x></object>',
    );
    for (const tag of ['iframe', 'form', 'input', 'style', 'img', 'object'])
      expect(doc.querySelector(tag), tag).toBeNull();
  });
});
