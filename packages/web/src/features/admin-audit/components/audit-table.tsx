import { AUDIT_PAGE_SIZE } from '@fogata/shared';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { TextWithEmails } from '../../../components/email-address';
import { LoadState, TableHead } from '../../../components/load-state';
import { Pager } from '../../../components/pager';
import { formatDateTime } from '../../../lib/format-date';
import { useAudit } from '../api/get-audit';
import { AUDIT_TEXTS as T } from '../texts';

/**
 * 'Registro de actividad': the audit trail, newest first, a page at a time. Read-only: there is
 * no control that edits or removes an entry (nor any call that could).
 */
export function AuditTable() {
  const [page, setPage] = useState(1);
  const audit = useAudit(page);

  let body: React.ReactNode;
  if (audit.isPending || audit.isError) {
    body = <LoadState query={audit} />;
  } else if (audit.data.entries.length === 0 && page === 1) {
    body = <p className="text-body-secondary">{T.empty}</p>;
  } else {
    body = (
      <>
        {/* Phones: one block per entry, the sentence at full width. */}
        <ul className="list-group shadow-sm d-md-none">
          {audit.data.entries.map((entry) => (
            <li key={entry.id} className="list-group-item">
              <div className="d-flex flex-wrap justify-content-between gap-2 small">
                <span className="fw-semibold text-break">{entry.actor_name}</span>
                <time dateTime={entry.created_at} className="text-body-secondary">
                  {formatDateTime(entry.created_at)}
                </time>
              </div>
              <p className="mb-0 text-break">
                <TextWithEmails text={T.describe(entry)} />
              </p>
            </li>
          ))}
        </ul>
        <div className="card border-0 shadow-sm d-none d-md-block">
          <Table responsive hover className="mb-0 align-middle audit-table">
            <TableHead columns={[T.when, T.who, T.what]} />
            <tbody>
              {audit.data.entries.map((entry) => (
                <tr key={entry.id}>
                  <td className="text-nowrap small">
                    <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                  </td>
                  <td className="text-break">{entry.actor_name}</td>
                  <td className="text-break">
                    <TextWithEmails text={T.describe(entry)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
        <Pager
          label={T.pagination}
          page={page}
          total={audit.data.total}
          pageSize={AUDIT_PAGE_SIZE}
          count={T.total}
          busy={audit.isFetching}
          onPage={setPage}
        />
      </>
    );
  }

  return (
    <section className="mb-5" aria-labelledby="audit-title">
      <h2 id="audit-title" className="h4">
        {T.title}
      </h2>
      <p className="text-body-secondary small">{T.intro}</p>
      {body}
    </section>
  );
}
