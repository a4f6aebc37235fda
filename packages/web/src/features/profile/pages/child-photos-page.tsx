import { CHILD_PHOTOS_PAGE_SIZE } from '@fogata/shared';
import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { Link, useParams } from 'react-router';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { Pager } from '../../../components/pager';
import { paths } from '../../../config/paths';
import type { ApiError } from '../../../lib/api-client';
import { useBlurRequest, useBlurWithdraw, useChildPhotos } from '../api/consents';
import { useOwnChildren } from '../api/own-children';
import { CHILD_PHOTOS_TEXTS as T } from '../texts';

/**
 * 'Fotos de mi educando' (decision 073): the photos a guardian sees where their
 * child's face is assigned, paged; on each, 'Difuminar a mi hijo/a en esta foto', which then reads
 * as done, with 'Dejar de difuminar' to take it back (decision 073). The thumbnails are the copies
 * this viewer gets (blurred where the rule says so).
 */
export function ChildPhotosPage() {
  const childId = Number(useParams().childId);
  const children = useOwnChildren(true);
  const child = children.data?.find((c) => c.id === childId);
  const [page, setPage] = useState(1);
  const photos = useChildPhotos(childId, page);
  const blur = useBlurRequest(childId);
  const withdraw = useBlurWithdraw(childId);
  const [pending, setPending] = useState<number | null>(null);
  const [banner, setBanner] = useState<{ variant: 'success' | 'danger'; text: string } | null>(
    null,
  );

  /** Asks for the blur (or, `undo`, takes it back) on photo `photoId`, and says how it went. */
  const request = async (photoId: number, undo = false) => {
    setBanner(null);
    setPending(photoId);
    try {
      const result = await (undo ? withdraw : blur).mutateAsync(photoId);
      setBanner({ variant: 'success', text: result.message });
    } catch (error) {
      setBanner({ variant: 'danger', text: (error as Error).message });
    } finally {
      setPending(null);
    }
  };

  const total = photos.data?.total ?? 0;
  let body: React.ReactNode;
  if (photos.isPending) {
    body = <p className="text-body-secondary">…</p>;
  } else if (photos.isError) {
    body = (
      <Alert variant="danger">
        {(photos.error as ApiError).status === 404 ? T.notFound : photos.error.message}
      </Alert>
    );
  } else if (photos.data.photos.length === 0) {
    body = <p className="text-body-secondary">{T.empty}</p>;
  } else {
    const offset = (page - 1) * CHILD_PHOTOS_PAGE_SIZE;
    body = (
      <Row as="ul" xs={1} sm={2} lg={3} className="list-unstyled g-3">
        {photos.data.photos.map((photo, i) => {
          const n = offset + i + 1;
          return (
            <Col as="li" key={photo.id}>
              <Card className="h-100 shadow-sm border-0" data-testid="child-photo">
                <ImageWithPlaceholder
                  src={photo.thumb_url}
                  alt={T.photoAlt(n)}
                  placeholder={photo.placeholder}
                  width={photo.width}
                  height={photo.height}
                  className="card-img-top"
                />
                <Card.Body className="p-2 d-grid">
                  {photo.blur_requested ? (
                    <>
                      <span className="text-success small fw-semibold text-center mt-1">
                        ✓ {T.blurred}
                      </span>
                      <Button
                        variant="link"
                        size="sm"
                        disabled={pending !== null}
                        aria-label={T.unblurLabel(n)}
                        onClick={() => request(photo.id, true)}
                      >
                        {pending === photo.id ? T.unblurring : T.unblur}
                      </Button>
                    </>
                  ) : (
                    <Button
                      variant="outline-dark"
                      size="sm"
                      disabled={pending !== null}
                      aria-label={T.blurLabel(n)}
                      onClick={() => request(photo.id)}
                    >
                      {pending === photo.id ? T.blurring : T.blur}
                    </Button>
                  )}
                </Card.Body>
              </Card>
            </Col>
          );
        })}
      </Row>
    );
  }

  return (
    <>
      <h1 className="h2 mb-2 text-break">{child ? T.heading(child.full_name) : T.title}</h1>
      <p className="text-body-secondary">{T.intro}</p>
      <p>
        <Link to={paths.profileEdit.getHref()}>{T.back}</Link>
      </p>
      {banner && (
        <Alert
          variant={banner.variant}
          dismissible
          onClose={() => setBanner(null)}
          role={banner.variant === 'danger' ? 'alert' : 'status'}
        >
          {banner.text}
        </Alert>
      )}
      {body}
      {total > CHILD_PHOTOS_PAGE_SIZE && (
        <Pager
          label={T.pagination}
          page={page}
          total={total}
          pageSize={CHILD_PHOTOS_PAGE_SIZE}
          count={T.total}
          busy={photos.isFetching}
          onPage={setPage}
          className="mt-3"
        />
      )}
    </>
  );
}
