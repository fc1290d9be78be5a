import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { App } from './app/app';

export { publicPages } from './app/page-meta';

/**
 * The HTML of one page as a first visit draws it (signed-out state unknown, no data loaded),
 * for scripts/prerender.mjs; waits for the page's lazy chunk, so the markup is the page itself.
 */
export async function renderPage(url: string): Promise<string> {
  const { prelude } = await prerender(
    <StrictMode>
      <StaticRouter location={url}>
        <App />
      </StaticRouter>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
