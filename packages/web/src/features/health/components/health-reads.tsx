import { HEALTH_READ_VIA_LABELS } from '@fogata/shared';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { LoadState, TableHead } from '../../../components/load-state';
import { Pager } from '../../../components/pager';
import { formatMadrid } from '../../../lib/madrid-time';
import { useHealthReads } from '../api/health-api';
import { HEALTH_TEXTS as T } from '../texts';

/** «Quién ha consultado la ficha»: every reading by someone outside the family, newest first. */
export function HealthReads({ childId }: { childId: number }) {
  const [page, setPage] = useState(1);
  const reads = useHealthReads(childId, page);

  let body: React.ReactNode;
  if (!reads.data) body = <LoadState query={reads} rows={2} />;
  else if (reads.data.total === 0) {
    body = <p className="text-body-secondary mb-0">{T.readsEmpty}</p>;
  } else {
    body = (
      <>
        <Table responsive className="align-middle health-reads mb-0">
          <TableHead columns={T.readsColumns} />
          <tbody>
            {reads.data.items.map((read) => (
              <tr key={read.id}>
                <td className="text-break">{read.reader_name}</td>
                <td className="text-break">{read.activity_title}</td>
                <td>{HEALTH_READ_VIA_LABELS[read.via]}</td>
                <td>{formatMadrid(read.read_at)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
        {reads.data.total > reads.data.page_size && (
          <Pager
            label={T.readsPager}
            page={page}
            total={reads.data.total}
            pageSize={reads.data.page_size}
            count={T.readsCount}
            busy={reads.isFetching}
            onPage={setPage}
          />
        )}
      </>
    );
  }

  return (
    <section aria-labelledby="health-reads-title" className="mt-4 pt-3 border-top">
      <h2 className="h4" id="health-reads-title">
        {T.readsTitle}
      </h2>
      <p className="text-body-secondary small">{T.readsIntro}</p>
      {body}
    </section>
  );
}
