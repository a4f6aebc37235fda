import { LIMITS } from '@fogata/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';

// The page's own API answers (decision 013): used once, and only by a visitor without a session.
const writePage = (answers: unknown) => {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'fogata-data';
  script.textContent = JSON.stringify(answers);
  document.head.append(script);
};

afterEach(() => {
  document.getElementById('fogata-data')?.remove();
  localStorage.clear();
  vi.resetModules();
});

describe('pageData', () => {
  it("gives the page's answer once to a visitor without a session", async () => {
    writePage({ '/news/1': { id: 1, title: 'Campamento' } });
    const { pageData } = await import('./page-data');
    expect(pageData('/news/2')).toBeUndefined();
    expect(pageData('/news/1')).toEqual({ id: 1, title: 'Campamento' });
    expect(pageData('/news/1')).toBeUndefined();
  });

  it('gives nothing to a signed-in visitor, nor without answers in the page', async () => {
    writePage({ '/monitors': [] });
    localStorage.setItem(LIMITS.tokenStorageKey, 'a.b.c');
    const { pageData } = await import('./page-data');
    expect(pageData('/monitors')).toBeUndefined();
    document.getElementById('fogata-data')?.remove();
    vi.resetModules();
    const again = await import('./page-data');
    expect(again.pageData('/monitors')).toBeUndefined();
  });
});
