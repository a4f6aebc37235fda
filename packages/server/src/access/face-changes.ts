import type { AppContext } from '../context.js';
import type { FaceImageKind } from './face-visibility.js';

/*
 * What changes who may see a face, told to the copies that depend on it (issue #25 part 3): the
 * faces of an image (detected, reviewed, drawn, a guardian's request), and a child's consent or
 * guardians. Called after the change is committed; the blurred copies are made again from here.
 */

/** The faces of images `ids` of `kind` changed. */
export async function facesChanged(
  _ctx: AppContext,
  _kind: FaceImageKind,
  _ids: readonly number[],
): Promise<void> {}

/** The consent (or the guardians) of children `childIds` changed. */
export async function childrenChanged(
  _ctx: AppContext,
  _childIds: readonly number[],
): Promise<void> {}
