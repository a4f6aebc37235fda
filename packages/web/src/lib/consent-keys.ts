/**
 * The cache keys of the consent calls. Recording a child's consent ('Educandos') changes the
 * register, and a new text ('Consentimiento') changes every child's: the two screens refresh each
 * other's answers through these.
 */
export const consentKeys = {
  register: ['consents', 'register'] as const,
  texts: ['consents', 'texts'] as const,
  /** Every child's consents (a prefix of `child`). */
  children: ['consents', 'child'] as const,
  child: (id: number) => ['consents', 'child', id] as const,
};
