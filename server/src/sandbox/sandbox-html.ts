/**
 * The shell of the server-rendered sandbox pages (checkout, Google's chooser, the phone): each
 * says plainly that it is a sandbox and is kept out of search engines.
 */
const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

/** title and body are HTML already; style is inline CSS (our CSP allows inline styles). */
export function sandboxDocument(page: { title: string; style: string; head?: string; body: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${page.title}</title>
<style>${page.style}</style>${page.head ? `\n${page.head}` : ''}
</head>
<body>
${page.body}
</body>
</html>`;
}
