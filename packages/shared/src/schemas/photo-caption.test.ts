import { describe, expect, it } from 'vitest';
import { MSG } from '../messages.js';
import { photoCaptionBodySchema, uploadCaptionsSchema } from './photo.js';

describe('photo captions', () => {
  it('keeps a trimmed caption of up to 500 characters', () => {
    expect(photoCaptionBodySchema.parse({ description: '  Subida al pico  ' })).toEqual({
      description: 'Subida al pico',
    });
    expect(photoCaptionBodySchema.parse({ description: 'a'.repeat(500) }).description).toHaveLength(
      500,
    );
  });

  it('turns blank or null into no caption', () => {
    expect(photoCaptionBodySchema.parse({ description: '   ' })).toEqual({ description: null });
    expect(photoCaptionBodySchema.parse({ description: null })).toEqual({ description: null });
  });

  it('refuses 501 characters and a NUL with their Spanish messages', () => {
    const long = photoCaptionBodySchema.safeParse({ description: 'a'.repeat(501) });
    expect(long.error?.issues[0]?.message).toBe(MSG.photoCaptionTooLong);
    const nul = photoCaptionBodySchema.safeParse({ description: 'a\u0000b' });
    expect(nul.error?.issues[0]?.message).toBe(MSG.textInvalidCharacters);
  });

  it('reads the upload field: one caption or null per file, at most 10', () => {
    expect(uploadCaptionsSchema.parse(['Uno', null, ' '])).toEqual(['Uno', null, null]);
    expect(uploadCaptionsSchema.safeParse(Array(11).fill('x')).error?.issues[0]?.message).toBe(
      MSG.photoCaptionsInvalid,
    );
    expect(uploadCaptionsSchema.safeParse({ 0: 'x' }).error?.issues[0]?.message).toBe(
      MSG.photoCaptionsInvalid,
    );
    expect(uploadCaptionsSchema.safeParse([5]).success).toBe(false);
  });
});
