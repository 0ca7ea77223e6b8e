import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { composePage } from './server-render';

// The web app's own index.html: the build keeps its head as it is, adding the entry's script.
const template = fs.readFileSync(fileURLToPath(new URL('../../../web/index.html', import.meta.url)), 'utf8');

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
    expect(page).toContain('<script type="module" src="/src/main.tsx"></script>');
  });

  it('leaves the shell as it is for a page drawn in the browser: its preloads start the answers early', () => {
    const page = composePage(template, undefined, 'light');
    expect(page.match(/as="fetch"/g)).toHaveLength(2);
    expect(page).toContain('<div id="root"></div>');
  });
});
