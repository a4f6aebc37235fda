import { loginSchema } from '@fogata/shared';
import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { lazyZodResolver } from './lazy-zod-resolver';

type Login = { email: string; password: string };
const options = {
  fields: {},
  shouldUseNativeValidation: false,
} as unknown as ResolverOptions<Login>;

describe('lazyZodResolver', () => {
  it('loads the schema once, on preload or on the first check, and checks with it', async () => {
    const load = vi.fn(async () => loginSchema);
    const resolver = lazyZodResolver<Login>(load);
    expect(load).not.toHaveBeenCalled();

    resolver.preload();
    resolver.preload();
    expect(load).toHaveBeenCalledTimes(1);

    const bad = await resolver({ email: 'no-es-un-email', password: '' }, undefined, options);
    expect(bad.values).toEqual({});
    expect(bad.errors.email?.message).toBe(
      loginSchema.safeParse({ email: 'no-es-un-email', password: 'x' }).error?.issues[0]?.message,
    );
    const good = await resolver({ email: 'ana@example.com', password: 'x' }, undefined, options);
    expect(good.errors).toEqual({});
    expect(good.values).toEqual({ email: 'ana@example.com', password: 'x' });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('loads on the first check when nothing preloaded it', async () => {
    const load = vi.fn(async () => loginSchema);
    const resolver = lazyZodResolver<Login>(load);
    const result = await resolver({ email: '', password: '' }, undefined, options);
    expect(load).toHaveBeenCalledTimes(1);
    expect(Object.keys(result.errors)).toContain('email');
  });

  it('tries the download again after one failed', async () => {
    const load = vi
      .fn<() => Promise<typeof loginSchema>>()
      .mockRejectedValueOnce(new Error('sin conexión'))
      .mockResolvedValue(loginSchema);
    const resolver = lazyZodResolver<Login>(load);
    await expect(resolver({ email: '', password: '' }, undefined, options)).rejects.toThrow(
      'sin conexión',
    );
    const result = await resolver({ email: '', password: '' }, undefined, options);
    expect(Object.keys(result.errors)).toContain('email');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
