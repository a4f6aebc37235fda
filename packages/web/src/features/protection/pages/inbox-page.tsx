import Card from 'react-bootstrap/Card';
import Table from 'react-bootstrap/Table';
import { LoadFailedAlert } from '../../../components/dismissible-alert';
import { LoadState, TableHead } from '../../../components/load-state';
import { formatMadrid } from '../../../lib/madrid-time';
import { useInbox, useMessageReads } from '../api/protection-api';
import { PROTECTION_TEXTS as T } from '../texts';

/** The sealed log: who read the messages, and when (never what). */
function Reads() {
  const reads = useMessageReads(true);
  let body: React.ReactNode;
  if (!reads.data) body = <LoadState query={reads} rows={2} />;
  else if (reads.data.items.length === 0) {
    body = <p className="text-body-secondary">{T.readsEmpty}</p>;
  } else {
    body = (
      <Table responsive size="sm" className="align-middle">
        <TableHead columns={T.readsColumns} />
        <tbody>
          {reads.data.items.map((read) => (
            <tr key={`${read.message_id}-${read.read_at}-${read.reader_name}`}>
              <td>{T.messageNumber(read.message_id)}</td>
              <td className="text-break">{read.reader_name}</td>
              <td>{formatMadrid(read.read_at)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }
  return (
    <section aria-labelledby="protection-reads" className="mt-4 pt-3 border-top">
      <h2 className="h4" id="protection-reads">
        {T.readsTitle}
      </h2>
      <p className="small text-body-secondary">{T.readsIntro}</p>
      {body}
    </section>
  );
}

/** /proteccion/mensajes: the messages written to the delegado/a, for their eyes only. */
export function ProtectionInboxPage() {
  const inbox = useInbox();
  const refused = (inbox.error as { status?: number } | null)?.status === 403;

  let body: React.ReactNode;
  if (refused) body = <LoadFailedAlert message={inbox.error?.message} />;
  else if (!inbox.data) {
    body = (
      <div aria-busy="true">
        <span className="visually-hidden">{T.inboxLoading}</span>
        <LoadState query={inbox} rows={3} />
      </div>
    );
  } else {
    body = (
      <>
        {inbox.data.items.length === 0 ? (
          <p className="text-body-secondary">{T.inboxEmpty}</p>
        ) : (
          <ul className="list-unstyled" aria-label={T.messagesLabel}>
            {inbox.data.items.map((m) => (
              <li key={m.id} className="mb-3">
                <Card className="shadow-sm border-0">
                  <Card.Body>
                    <div className="d-flex flex-wrap justify-content-between gap-2 small text-body-secondary mb-2">
                      <span>
                        {T.messageNumber(m.id)} · {formatMadrid(m.created_at)}
                      </span>
                      {/* A member's account already says who wrote; «Sin nombre» is for the rest. */}
                      {(m.name || !m.sender_name) && (
                        <span className="text-break">{T.from(m.name ?? T.anonymous)}</span>
                      )}
                    </div>
                    <p className="mb-2 text-break" style={{ whiteSpace: 'pre-line' }}>
                      {m.body}
                    </p>
                    {m.sender_name && <p className="small mb-1">{T.account(m.sender_name)}</p>}
                    {m.reply_to && (
                      <p className="small mb-0 text-break fw-semibold">{T.reply(m.reply_to)}</p>
                    )}
                  </Card.Body>
                </Card>
              </li>
            ))}
          </ul>
        )}
        <Reads />
      </>
    );
  }

  return (
    <article className="pb-5" style={{ maxWidth: '52rem' }}>
      <h1 className="h2 mb-3">{T.inboxTitle}</h1>
      <p className="text-body-secondary">{T.inboxIntro}</p>
      {body}
    </article>
  );
}
