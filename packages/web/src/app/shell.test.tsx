import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fillPageShell } from '@fogata/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LandingPage } from '../features/landing/pages/landing-page';
import { never, stubApi } from '../test/api-stub';
import { renderApp } from '../test/render';
import { AppLayout } from './layout/app-layout';

// index.html's static shell (decision 013) is what a visitor sees before the scripts run; React
// then draws over it. If the two differ, the page jumps: this keeps them alike.

const config = {
  groupName: 'Grupo Scout 451 «Fogata» & Co',
  groupAddress: 'Calle Mayor 1',
  groupMapUrl: null,
  oidc: null,
};

/** index.html beside this package's src (tests run from the package or the repository). */
const INDEX_HTML = join(__dirname, '..', '..', 'index.html');

/** The shell as the server sends it for `landing` or any other page, parsed. */
function shell(landing: boolean): HTMLElement {
  const template = readFileSync(INDEX_HTML, 'utf8');
  const html = fillPageShell(template, {
    groupName: config.groupName,
    groupAddress: config.groupAddress,
    landing,
    head: '',
  });
  return new DOMParser().parseFromString(html, 'text/html').getElementById('root')!;
}

/** Markup without comments (the shell's fill markers), for comparison. */
const markup = (element: Element | null | undefined) =>
  element?.outerHTML.replace(/<!--[\s\S]*?-->/g, '') ?? '';

describe('the static shell in index.html', () => {
  it("is the app's header and footer as React draws them", async () => {
    stubApi({ 'GET /config': [200, config] });
    const { container } = renderApp(<AppLayout />);
    await screen.findByText(config.groupName, { selector: 'a span' });
    const page = shell(false);
    expect(markup(page.querySelector('header'))).toBe(markup(container.querySelector('header')));
    expect(markup(page.querySelector('footer'))).toBe(markup(container.querySelector('footer')));
    expect(page.querySelector('.hero')).toBeNull();
  });

  it("holds the landing's hero as React draws it, on / only", async () => {
    stubApi({ 'GET /config': [200, config], 'GET /news?limit=3': never });
    const { container } = renderApp(<LandingPage />);
    await screen.findByRole('heading', { level: 1, name: config.groupName });
    expect(markup(shell(true).querySelector('.hero'))).toBe(
      markup(container.querySelector('.hero')),
    );
  });

  it('draws the number of a group without one as no number at all', () => {
    const template = readFileSync(INDEX_HTML, 'utf8');
    const filled = fillPageShell(template, {
      groupName: 'Grupo Scout Fogata',
      groupAddress: '',
      landing: false,
      head: '<meta name="x" />',
    });
    expect(filled).not.toContain('<text');
    expect(filled).not.toMatch(/\{\{\w+\}\}/);
    expect(filled).toContain('<meta name="x" />');
    expect(filled).not.toContain(' · ');
  });
});
