import { describe, expect, it } from 'vitest';
import { redirectTarget } from './redirect-target';

describe('redirectTarget', () => {
  it('returns the remembered page with its query', () => {
    expect(redirectTarget({ from: { pathname: '/album/3', search: '?foto=2' } })).toBe(
      '/album/3?foto=2',
    );
  });
  it('falls back to / without a remembered page or when it was /login', () => {
    expect(redirectTarget(null)).toBe('/');
    expect(redirectTarget({})).toBe('/');
    expect(redirectTarget({ from: { pathname: '/login' } })).toBe('/');
  });
});
