import { describe, expect, it } from 'vitest';
import { sessionPayloadSchema } from './schemas/user.js';
import { isSessionPayload } from './session-payload.js';

const valid = { id: 3, email: 'ana@example.org', role: 'usuario', name: 'Ana', iat: 1, exp: 2 };

describe('isSessionPayload (the first load reads the token without zod)', () => {
  it('agrees with sessionPayloadSchema', () => {
    const samples: unknown[] = [
      valid,
      { ...valid, role: 'admin', pv: 'extra claims are fine' },
      { ...valid, role: 'jefe' },
      { ...valid, id: '3' },
      { ...valid, id: 1.5 },
      { ...valid, exp: undefined },
      { ...valid, iat: Number.NaN },
      { ...valid, name: null },
      { ...valid, email: 7 },
      null,
      'token',
      [],
    ];
    for (const sample of samples) {
      expect(isSessionPayload(sample), JSON.stringify(sample)).toBe(
        sessionPayloadSchema.safeParse(sample).success,
      );
    }
  });
});
