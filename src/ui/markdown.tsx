import { useMemo } from 'react';
import { css, cx } from 'styled-system/css';
import { markdownToSafeHtml } from './markdown-html.ts';

/** Prose in the page's right-to-left flow; logical properties only, so lists and quotes sit on the inline-start side. */
const prose = css({
  fontSize: '14px',
  lineHeight: '1.9',
  color: 'ink',
  overflowWrap: 'anywhere',
  '& > :first-child': { marginBlockStart: 0 },
  '& > :last-child': { marginBlockEnd: 0 },
  '& p, & ul, & ol, & blockquote, & pre, & table': { marginBlock: '2' },
  '& h1, & h2, & h3, & h4, & h5, & h6': { fontSize: '15px', fontWeight: 600, marginBlock: '3' },
  '& ul, & ol': { paddingInlineStart: '6' },
  '& blockquote': {
    marginInline: 0,
    paddingInlineStart: '3',
    borderInlineStartWidth: '3px',
    borderInlineStartStyle: 'solid',
    borderInlineStartColor: 'line.strong',
    color: 'muted',
  },
  '& code': { fontFamily: 'mono', fontSize: '13px', bg: 'subtle', paddingInline: '1', borderRadius: '2px' },
  '& pre': { bg: 'subtle', padding: '3', borderRadius: '4px', overflowX: 'auto', direction: 'ltr' },
  '& pre code': { bg: 'transparent', paddingInline: 0 },
  '& a': { color: 'first.text', textDecoration: 'underline' },
  '& table': { borderCollapse: 'collapse', fontSize: '13px' },
  '& th, & td': {
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'line',
    paddingBlock: '1',
    paddingInline: '2',
    textAlign: 'start',
  },
});

export interface MarkdownProps {
  /** The Markdown text as the user typed it (sanitised here; see markdown-html.ts). */
  text: string;
  className?: string;
}

/** Markdown shown as sanitised HTML (headings, lists, links, tables, code), right to left. */
export function Markdown({ text, className }: MarkdownProps) {
  const html = useMemo(() => markdownToSafeHtml(text), [text]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (markdown-html.ts)
  return <div className={cx(prose, className)} dir="rtl" dangerouslySetInnerHTML={{ __html: html }} />;
}
