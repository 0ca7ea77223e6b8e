import { describe, expect, it } from 'vitest';
import { composePage } from './server-render';

// index.html as the web build writes it (apps/web/index.html), in short.
const template = `<!doctype html>
<html lang="en">
  <head>
    <meta name="description" content="Limelight: subscribe to your favourite creators." />
    <title>Limelight</title>
    <!-- Every screen waits for these two answers (the app's Shell): asked for while the scripts
         download, the entry's own requests (requestShellData) take them from the preload. -->
    <link rel="preload" href="/api/settings/public" as="fetch" crossorigin />
    <link rel="preload" href="/api/block/countries/check" as="fetch" crossorigin />
    <script type="module" crossorigin src="/assets/index-lI-0hDEG.js"></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

describe('composePage', () => {
  it("writes a drawn page with its head, HTML and state, without the shell's preloads of answers it holds", () => {
    const page = composePage(template, { html: '<main>Ava</main>', head: '<title>Ava Stone</title>', state: '{"answers":{}}' }, 'dark');
    expect(page).toContain('<html lang="en" data-theme="dark" style="color-scheme: dark">');
    expect(page).toContain(
      '<div id="root"><main>Ava</main></div><script type="application/json" id="render-state">{"answers":{}}</script>',
    );
    expect(page.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Ava Stone</title>']);
    expect(page).not.toContain('as="fetch"');
    expect(page).not.toContain('requestShellData');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-lI-0hDEG.js"></script>');
  });

  it('leaves the shell as it is for a page drawn in the browser: its preloads start the answers early', () => {
    const page = composePage(template, undefined, 'light');
    expect(page.match(/as="fetch"/g)).toHaveLength(2);
    expect(page).toContain('<div id="root"></div>');
  });
});
