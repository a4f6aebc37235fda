import { afterEach, describe, expect, it } from 'vitest';
import { pageData, setPageDataSource } from './page-data';

afterEach(() => setPageDataSource(() => undefined));

describe('pageData', () => {
  it('gives nothing in the browser: the page brings query state instead', () => {
    expect(pageData('/news/1')).toBeUndefined();
  });

  it("gives the answers of the server's render while it draws the page", () => {
    setPageDataSource(() => ({ '/news/1': { id: 1, title: 'Campamento' } }));
    expect(pageData('/news/2')).toBeUndefined();
    expect(pageData('/news/1')).toEqual({ id: 1, title: 'Campamento' });
  });
});
