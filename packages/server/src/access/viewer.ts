import type { Role } from '@fogata/shared';

/** Who asks: a signed-in member (their id and role), or nobody (a visitor). */
export type Viewer = { id: number; role: Role } | null | undefined;
