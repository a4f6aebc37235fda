import type { ImagePublication, InvitationChild } from '@fogata/shared';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { ChildPicker } from '../../../components/child-picker';
import { Pager } from '../../../components/list-controls';
import { LoadState } from '../../../components/load-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format-date';
import { useImageLedger } from '../api/image-settings';
import { IMAGE_TEXTS as T } from '../image-texts';

/** The page of what an image was published with: the news item, the experience, the album. */
function itemHref(p: ImagePublication): string | null {
  switch (p.image_kind) {
    case 'news':
      return paths.newsDetail.getHref(p.image_id);
    case 'experience':
      return paths.experienceDetail.getHref(p.image_id);
    case 'album':
      return paths.album.getHref(p.image_id);
    default:
      return null;
  }
}

/**
 * Where the group's images went (decision 086), newest first; for one child, the publications
 * of the images they are in and whether their face went out visible or blurred.
 */
export function ImageLedger() {
  const [page, setPage] = useState(1);
  const [child, setChild] = useState<InvitationChild | null>(null);
  const ledger = useImageLedger(page, child?.id ?? null);

  const pick = (chosen: InvitationChild[]) => {
    // One child at a time: the last one picked.
    setChild(chosen.at(-1) ?? null);
    setPage(1);
  };

  let body: React.ReactNode;
  if (ledger.isPending || ledger.isError) {
    body = <LoadState query={ledger} />;
  } else if (ledger.data.total === 0) {
    body = <p className="text-body-secondary">{child ? T.ledgerEmptyChild : T.ledgerEmpty}</p>;
  } else {
    body = (
      <>
        <Table hover className="table-cards mb-0 align-middle">
          <thead>
            <tr>
              <th scope="col">{T.when}</th>
              <th scope="col">{T.where}</th>
              <th scope="col">{T.what}</th>
              <th scope="col">{T.to}</th>
              <th scope="col">{T.blurredFaces}</th>
              {child && <th scope="col">{T.childFace}</th>}
            </tr>
          </thead>
          <tbody>
            {ledger.data.rows.map((p) => (
              <tr key={p.id}>
                <td data-label={T.when} className="text-nowrap small">
                  <time dateTime={p.created_at}>{formatDateTime(p.created_at)}</time>
                </td>
                <td data-label={T.where}>{T.channel[p.channel]}</td>
                <td data-label={T.what} className="text-break">
                  {/* The item, not the copy's URL: an earlier copy's answers 404 on purpose. */}
                  {itemHref(p) ? <Link to={itemHref(p) ?? ''}>{p.title}</Link> : p.title}
                </td>
                <td data-label={T.to} className="text-break">
                  {T.recipients(p)}
                </td>
                <td data-label={T.blurredFaces}>{p.blurred}</td>
                {child && (
                  <td data-label={T.childFace}>
                    <Badge
                      bg={
                        p.child_shown === null ? 'secondary' : p.child_shown ? 'warning' : 'success'
                      }
                      text={p.child_shown ? 'dark' : undefined}
                    >
                      {T.shown(p.child_shown)}
                    </Badge>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </Table>
        <Pager
          label={T.ledgerPager}
          page={page}
          total={ledger.data.total}
          count={T.ledgerCount}
          busy={ledger.isFetching}
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <section aria-labelledby="image-ledger-heading" className="mb-4">
      <h2 id="image-ledger-heading" className="h5">
        {T.ledgerHeading}
      </h2>
      <p className="text-body-secondary small">{T.ledgerIntro}</p>
      {/* The chosen child's chip has its own button to clear the filter. */}
      <div style={{ maxWidth: '28rem' }}>
        <ChildPicker
          value={child ? [child] : []}
          onChange={pick}
          label={T.ledgerChild}
          help={T.ledgerChildHelp}
        />
      </div>
      {body}
    </section>
  );
}
