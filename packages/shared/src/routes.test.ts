import { describe, expect, it } from 'vitest';
import { ROUTES, routeMatcher } from './routes.js';

describe('the route table', () => {
  it('builds the links the mails and the web send', () => {
    expect(ROUTES.resetPassword.getHref('a-b_c')).toBe('/reset-password?token=a-b_c');
    expect(ROUTES.register.getHref('x y')).toBe('/register?invitation=x%20y');
    expect(ROUTES.album.getHref(7)).toBe('/album/7');
    expect(ROUTES.experienceDetail.getHref(3)).toBe('/experience/3');
    expect(ROUTES.unsubscribe.getHref('1.s')).toBe('/unsubscribe?token=1.s');
  });

  it('matches a page by its path, with its ids by name', () => {
    const newsDetail = routeMatcher(ROUTES.newsDetail);
    expect(newsDetail('/news/12')).toEqual({ newsId: '12' });
    expect(newsDetail('/news/0')).toBeNull();
    expect(newsDetail('/news/1234567890')).toBeNull();
    expect(newsDetail('/news/12/x')).toBeNull();
    expect(newsDetail('/news')).toBeNull();
    expect(routeMatcher(ROUTES.home)('/')).toEqual({});
    expect(routeMatcher(ROUTES.home)('/news')).toBeNull();
  });
});
