import { type ConsentPurpose, can } from '@fogata/shared';
import type { Executor } from '../db/database.js';
import { readGroupSettings } from '../db/group-settings.js';
import type { FaceImageKind } from '../media/face-rows.js';
import { UNSEARCHED_FACE_ID } from '../media/face-search.js';
import { AccessRepository, type FaceRuleRow } from './access.repository.js';
import { consentingChildIds, todayIso } from './image-consent.js';
import type { Viewer } from './viewer.js';

/*
 * Whose face a viewer may see unblurred (decisions 061–062). The rule, face by
 * face, for a viewer who is not a manager:
 * - a face a guardian asked to blur ('Difuminar a mi hijo/a en esta foto') is blurred for all;
 * - with 'Aplicar el consentimiento de imagen' off (a group that upgraded and has not entered its
 *   consents yet), nothing else is;
 * - a face not reviewed yet is blurred, and so is the whole of an image whose faces could not be
 *   looked for yet (the detector failed on it: decision 099);
 * - an adult, or a box that is not a face, is shown;
 * - a child is shown when their consent covers the image's purpose — 'Galería del grupo' for a
 *   photo or an album's cover, 'Web pública' for a news item's or an experience's image — or
 *   when the viewer is one of their guardians: a family always sees its own child (in a public
 *   image, through a copy of its own: decision 100).
 * Managers (`faces:review`) see every face: they review them. A visitor, or a member seen by no
 * one in particular (`null`), is a member with no children.
 * Nothing else decides which faces are blurred: every copy a viewer can reach asks this.
 */

/** The kinds of image that have faces (named where their rows are written). */
export type { FaceImageKind } from '../media/face-rows.js';

/** A face's box, as fractions of its image's width and height. */
export interface FaceBox {
  id: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The consent an image of `kind` needs: the gallery's for photos and covers, else the web's. */
export function purposeOf(kind: FaceImageKind): ConsentPurpose {
  return kind === 'photo' || kind === 'album' ? 'gallery' : 'web';
}

/** Whether `viewer` sees every face unblurred: managers, who review them. */
export function seesEveryFace(viewer: Viewer | null): boolean {
  return can(viewer?.role ?? null, 'faces:review');
}

/**
 * The name of a set of blurred faces: their ids in order, comma-separated; '' for none (the
 * clean image). Two viewers with the same key get the same copy.
 */
export function blurSetKey(faces: readonly Pick<FaceBox, 'id'>[]): string {
  return faces
    .map((face) => face.id)
    .sort((a, b) => a - b)
    .join(',');
}

/**
 * What the rule says of one image: every face it has (boxes), those `viewer` must get blurred,
 * and those a member with no children of theirs in it must (the copy behind the shared URLs).
 */
export interface BlurPlan {
  faces: FaceBox[];
  viewer: FaceBox[];
  member: FaceBox[];
}

/** The whole of image `imageId`, as a face not reviewed: blurred for all but managers. */
function unsearchedFace(imageId: number): FaceRuleRow {
  return {
    id: UNSEARCHED_FACE_ID,
    image_id: imageId,
    x: 0,
    y: 0,
    width: 1,
    height: 1,
    status: 'pending',
    child_id: null,
    blur_requested_at: null,
  };
}

function boxOf(face: FaceRuleRow): FaceBox {
  return { id: face.id, x: face.x, y: face.y, width: face.width, height: face.height };
}

/** The face rule over batches of images, in a constant number of queries. */
export class FaceVisibility {
  constructor(private readonly db: Executor) {}

  /**
   * For each of the images `ids` of `kind`, the faces `viewer` must get blurred, by the rule as
   * it stands now. An image with none maps to an empty list (the clean copy).
   */
  async facesToBlur(
    viewer: Viewer | null,
    kind: FaceImageKind,
    ids: readonly number[],
    today = todayIso(),
  ): Promise<Map<number, FaceBox[]>> {
    if (ids.length === 0 || seesEveryFace(viewer)) {
      return new Map<number, FaceBox[]>(ids.map((id) => [id, []]));
    }
    const plans = await this.plans(viewer, kind, ids, today);
    return new Map([...plans].map(([id, plan]) => [id, plan.viewer]));
  }

  /**
   * For each of the images `ids` of `kind`, its faces and those blurred for `viewer` and for a
   * member with no children (see BlurPlan), from the same queries: faces, setting, consents and
   * the viewer's children — as many for a thousand images as for one.
   */
  async plans(
    viewer: Viewer | null,
    kind: FaceImageKind,
    ids: readonly number[],
    today = todayIso(),
  ): Promise<Map<number, BlurPlan>> {
    const result = new Map<number, BlurPlan>(
      ids.map((id) => [id, { faces: [], viewer: [], member: [] }]),
    );
    if (ids.length === 0) return result;
    const repo = new AccessRepository(this.db);
    const [found, settings, unsearched] = await Promise.all([
      repo.faces(kind, ids),
      readGroupSettings(this.db),
      repo.unsearched(kind, ids),
    ]);
    const enforced = settings.image_consent_enforced;
    // An image whose faces were not looked for yet is one face, not reviewed, as large as itself.
    const faces = enforced ? [...found, ...unsearched.map(unsearchedFace)] : found;
    if (faces.length === 0) return result;
    const manager = seesEveryFace(viewer);
    const { consenting, guarded } = await this.shownChildren(
      manager ? null : viewer,
      kind,
      faces,
      enforced,
      today,
    );
    const shownToViewer = new Set([...consenting, ...guarded]);
    for (const face of faces) {
      const plan = result.get(face.image_id);
      if (!plan) continue;
      plan.faces.push(boxOf(face));
      if (mustBlur(face, enforced, consenting)) plan.member.push(boxOf(face));
      if (!manager && mustBlur(face, enforced, shownToViewer)) plan.viewer.push(boxOf(face));
    }
    return result;
  }

  /**
   * The children among `faces` shown for `kind`'s purpose: those whose consent covers it, and
   * those `viewer` is a guardian of. Nothing is read when the setting is off.
   */
  private async shownChildren(
    viewer: Viewer | null,
    kind: FaceImageKind,
    faces: FaceRuleRow[],
    enforced: boolean,
    today: string,
  ): Promise<{ consenting: Set<number>; guarded: Set<number> }> {
    const childIds = faces.flatMap((face) => (face.child_id === null ? [] : [face.child_id]));
    if (childIds.length === 0 || !enforced) return { consenting: new Set(), guarded: new Set() };
    const purpose = purposeOf(kind);
    const [consenting, guarded] = await Promise.all([
      consentingChildIds(this.db, purpose, childIds, today),
      viewer
        ? new AccessRepository(this.db).guardedChildIds(viewer.id, childIds)
        : Promise.resolve(new Set<number>()),
    ]);
    return { consenting, guarded };
  }
}

/**
 * The rule for one face, given the setting and the children the viewer may see. Exported for the
 * preview of 'Aplicar el consentimiento de imagen' (modules/settings), which asks it of counts.
 */
export function mustBlur(
  face: Pick<FaceRuleRow, 'status' | 'child_id' | 'blur_requested_at'>,
  enforced: boolean,
  shownChildren: Set<number>,
): boolean {
  if (face.blur_requested_at !== null) return true;
  if (!enforced) return false;
  switch (face.status) {
    case 'adult':
    case 'not_face':
      return false;
    case 'child':
      return face.child_id === null || !shownChildren.has(face.child_id);
    default:
      return true;
  }
}
