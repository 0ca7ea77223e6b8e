import { escapeHtml } from '@limelight/contracts';

const VARIABLE = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

/** The variable names a template uses, each once. */
export function variablesIn(...texts: string[]): string[] {
  return [...new Set(texts.flatMap((text) => [...text.matchAll(VARIABLE)].map((match) => match[1]!)))];
}

/** Plain text: each `{{name}}` replaced by its value (an unknown one by nothing). */
export function renderText(template: string, vars: Record<string, string>) {
  return template.replace(VARIABLE, (_whole, name: string) => vars[name] ?? '');
}

/** A variable named like a link (`link`, `settingsLink`) whose value is a web address becomes an anchor. */
const isLink = (name: string, value: string) => /link$/i.test(name) && /^https?:\/\/\S+$/.test(value);

/**
 * HTML from the same template: the template's own text and every value are escaped (a value is
 * never markup), link variables become anchors, blank lines paragraphs and line breaks `<br>`.
 */
export function renderHtml(template: string, vars: Record<string, string>) {
  let html = '';
  let last = 0;
  for (const match of template.matchAll(VARIABLE)) {
    html += escapeHtml(template.slice(last, match.index));
    const value = vars[match[1]!] ?? '';
    html += isLink(match[1]!, value) ? `<a href="${escapeHtml(value)}">${escapeHtml(value)}</a>` : escapeHtml(value);
    last = match.index! + match[0].length;
  }
  html += escapeHtml(template.slice(last));
  return html
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.replace(/\n/g, '<br>\n')}</p>`)
    .join('\n');
}
