import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { Pager } from '../../../components/list-controls';
import { LoadError, LoadState, TableHead } from '../../../components/load-state';
import { useConsentPreview, usePreviewAlbums } from '../api/image-settings';
import { IMAGE_TEXTS as T } from '../image-texts';

/**
 * What applying image consent blurs (decision 088): the totals, then album by album, a page at a
 * time, as a member with no children would see it.
 */
export function ConsentPreview({ enforced }: { enforced: boolean }) {
  const [page, setPage] = useState(1);
  const totals = useConsentPreview();
  const albums = usePreviewAlbums(page);

  let table: React.ReactNode;
  if (albums.isPending || albums.isError) {
    table = <LoadState query={albums} />;
  } else if (albums.data.total === 0) {
    table = <p className="text-body-secondary mb-0">{T.noAlbums}</p>;
  } else {
    table = (
      <>
        <Table hover className="table-cards mb-0 align-middle">
          <TableHead columns={[T.album, T.photos, T.faces, T.blurred]} />
          <tbody>
            {albums.data.rows.map((a) => (
              <tr key={a.id}>
                <td data-label={T.album} className="text-break">
                  {a.title}
                </td>
                <td data-label={T.photos}>{a.photos}</td>
                <td data-label={T.faces}>{a.faces}</td>
                <td data-label={T.blurred} className={a.blurred > 0 ? 'fw-semibold' : undefined}>
                  {a.blurred}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
        <Pager
          label={T.albumsPager}
          page={page}
          total={albums.data.total}
          count={T.albumsCount}
          busy={albums.isFetching}
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="consent-preview-heading" className="mb-4">
      <h2 id="consent-preview-heading" className="h5">
        {enforced ? T.previewHeadingOn : T.previewHeadingOff}
      </h2>
      <p className="text-body-secondary small">{T.previewIntro}</p>
      {totals.isError ? (
        <LoadError message={totals.error.message} onRetry={() => totals.refetch()} />
      ) : totals.data ? (
        <ul className="mb-3">
          <li>{T.previewSummary(totals.data, enforced)}</li>
          {totals.data.faces > 0 && <li>{T.previewPending(totals.data.pending)}</li>}
          <li>{T.previewPublic(totals.data)}</li>
        </ul>
      ) : null}
      {table}
    </section>
  );
}
