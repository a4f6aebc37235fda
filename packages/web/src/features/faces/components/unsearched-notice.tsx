import type { FaceReviewImage } from '@fogata/shared';
import Button from 'react-bootstrap/Button';
import { type FaceSource, useMarkSearched } from '../api/faces-api';
import { T } from '../texts';

/**
 * Under an image the detector could not search (decision 099): families see it blurred whole
 * until a manager has drawn its faces and says so here.
 */
export function UnsearchedNotice({
  source,
  image,
  onDone,
  onError,
}: {
  source: FaceSource;
  image: FaceReviewImage;
  onDone: (message: string) => void;
  onError: (message: string) => void;
}) {
  const mark = useMarkSearched(source);
  return (
    <div className="alert alert-warning small mt-2 mb-0 d-flex flex-wrap align-items-center gap-2">
      <span className="flex-grow-1">{T.unsearched}</span>
      <Button
        size="sm"
        variant="dark"
        disabled={mark.isPending}
        onClick={() =>
          mark.mutate(image, {
            onSuccess: (result) => onDone(result.message),
            onError: (err) => onError(err.message),
          })
        }
      >
        {T.markSearched}
      </Button>
    </div>
  );
}
