import type { Monitor } from '@fogata/shared';

export const PIXEL = 'data:image/webp;base64,UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==';

/** A monitor as GET /monitors answers, with `extra` on top. */
export const monitorData = (id: number, extra: Partial<Monitor> = {}): Monitor => ({
  id,
  name: `Scouter ${id}`,
  role_description: `Scouter de Tropa ${id}`,
  description: null,
  image_url: `/media/monitors/${id}.webp`,
  thumb_url: `/media/monitors/${id}-thumb.webp`,
  placeholder: PIXEL,
  width: 800,
  height: 800,
  created_at: '2025-05-01T10:00:00Z',
  updated_at: '2025-05-01T10:00:00Z',
  ...extra,
});

/** The answer of GET /config. */
export const configData = (extra: { groupAddress?: string; groupMapUrl?: string | null } = {}) => ({
  groupName: 'Grupo Scout Fogata 1',
  groupAddress: 'Calle del Pinar 12, Segovia',
  groupMapUrl: null,
  oidc: null,
  ...extra,
});

/** A File of `bytes` bytes with the given type. */
export const fileOf = (name: string, type: string, bytes = 10) =>
  new File([new Uint8Array(bytes)], name, { type });
