import type { FaceStatus } from '@fogata/shared';
import type { AppContext } from '../context.js';
import { seesEveryFace } from './face-visibility.js';
import { FamilyAccess } from './family-access.js';
import { GalleryAccess } from './gallery-access.js';
import type { Viewer } from './viewer.js';

/*
 * What a manager may do with a face in Revisar caras (decision 106), beside who must get it
 * blurred (face-visibility.ts). A child's name is seen only by who manages the child (decision
 * 046), and a face is the child's: naming it, or marking it adult, not a face or pending again,
 * or undoing the family's blur, shows that child to others. So, for a viewer with `faces:review`:
 * - an image they may not see (an album of other sections, its photos) has no faces for them:
 *   every call about it, or about a face on it, is a 404, as a missing one;
 * - on an image they see, a face assigned to a child they manage (an admin: every child) is
 *   named to them and theirs to change; a face assigned to a child they do not manage is shown
 *   as a child of another section, without name or id, and nothing of it may be changed (403);
 * - a face assigned to no child (pending, an adult, not a face) is anyone's to review, and
 *   drawing a box or marking the image searched is anyone's too: both only hide more;
 * - news and experience images are the whole group's: every manager sees them.
 * Nobody else reviews faces (`faces:review`: 404).
 */

/** What the policy reads of a face. */
export interface FaceOfImage {
  status: FaceStatus;
  child_id: number | null;
}

/** A kind of image with faces, and its id. */
export interface ReviewImage {
  kind: 'photo' | 'album' | 'news' | 'experience';
  id: number;
}

/** The child a face names, or null (assigned to none). */
function childOf(face: FaceOfImage): number | null {
  return face.status === 'child' ? face.child_id : null;
}

/** Revisar caras' access questions, each in one query whatever the number of faces. */
export class FaceReviewAccess {
  constructor(private readonly ctx: Pick<AppContext, 'db' | 'storage' | 'mediaUrls'>) {}

  /**
   * Whether `viewer` may review image `image`: a photo or a cover they may see in the gallery, a
   * news item's or an experience's image (whether it exists is the caller's read).
   */
  async mayReviewImage(viewer: Viewer, image: ReviewImage): Promise<boolean> {
    if (!seesEveryFace(viewer ?? null)) return false;
    const gallery = new GalleryAccess(this.ctx);
    if (image.kind === 'photo')
      return (await gallery.visiblePhotoIds(viewer, [image.id])).has(image.id);
    if (image.kind === 'album')
      return (await gallery.visibleAlbumIds(viewer, [image.id])).has(image.id);
    return true;
  }

  /**
   * Of `faces` (on images `viewer` may review), which ones they may see named and change: a
   * face assigned to no child, or to a child they manage. One query for any number of faces.
   */
  async changeable<F extends FaceOfImage>(
    viewer: Viewer,
    faces: readonly F[],
  ): Promise<(face: F) => boolean> {
    if (!seesEveryFace(viewer ?? null)) return () => false;
    const childIds = faces.flatMap((face) => {
      const child = childOf(face);
      return child === null ? [] : [child];
    });
    const managed = await new FamilyAccess(this.ctx).managedChildIds(viewer, childIds);
    return (face) => {
      const child = childOf(face);
      return child === null || managed.has(child);
    };
  }
}
