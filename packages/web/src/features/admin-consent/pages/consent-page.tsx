import {
  CONSENT_PURPOSE_LABELS,
  CONSENT_PURPOSES,
  CONSENT_REGISTER_PAGE_SIZE,
  CONSENT_TEXT_MAX,
  type ConsentStatus,
} from '@fogata/shared';
import { useEffect, useId, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { AdminNav } from '../../../components/admin-nav';
import { type Banner, BannerAlert } from '../../../components/dismissible-alert';
import { LoadError, TableSkeleton } from '../../../components/load-state';
import { Pager } from '../../../components/pager';
import { useCan } from '../../../lib/can';
import { formatLongDate } from '../../../lib/format-date';
import { saveFile } from '../../../lib/save-file';
import { useManagedSections } from '../../../lib/sections-api';
import {
  downloadRegister,
  useConsentTexts,
  useRegister,
  useWriteConsentText,
} from '../api/consents';
import { CONSENT_ADMIN_TEXTS as T } from '../consent-texts';

const STATE_BG = { granted: 'success', refused: 'danger', none: 'secondary' } as const;

/** One cell of the register: the state in words, and who said so and when. */
function StateCell({ status }: { status: ConsentStatus }) {
  const label =
    status.state === 'granted' ? T.granted : status.state === 'refused' ? T.refused : T.none;
  return (
    <div>
      <Badge bg={STATE_BG[status.state]}>{label}</Badge>
      {status.given_by && status.at && (
        <div className="small text-body-secondary">
          {T.givenBy[status.given_by]}, {formatLongDate(status.at)}
          {status.outdated ? ` (${T.outdated})` : ''}
        </div>
      )}
    </div>
  );
}

/** The register of one section, paged, with its CSV. */
function Register() {
  const ids = useId();
  const sections = useManagedSections();
  const [section, setSection] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const register = useRegister(section, page);
  const [downloading, setDownloading] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);

  // The first section is shown at once.
  useEffect(() => {
    const first = sections.data?.[0];
    if (section === null && first) setSection(first.id);
  }, [section, sections.data]);

  const download = async () => {
    if (section === null) return;
    setBanner(null);
    setDownloading(true);
    try {
      const { blob, fileName } = await downloadRegister(section);
      saveFile(blob, fileName);
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    } finally {
      setDownloading(false);
    }
  };

  if (sections.isPending) return <TableSkeleton />;
  if (sections.isError) {
    return <LoadError message={sections.error.message} onRetry={() => sections.refetch()} />;
  }
  if (sections.data.length === 0) return <p className="text-body-secondary">{T.noSections}</p>;

  const total = register.data?.total ?? 0;
  let table: React.ReactNode;
  if (register.isPending) table = <TableSkeleton />;
  else if (register.isError) {
    table = <LoadError message={register.error.message} onRetry={() => register.refetch()} />;
  } else if (register.data.rows.length === 0) {
    table = <p className="text-body-secondary">{T.empty}</p>;
  } else {
    table = (
      <Table hover className="table-cards mb-0 align-middle" data-testid="consent-register">
        <thead>
          <tr>
            <th scope="col">{T.child}</th>
            <th scope="col">{T.decides}</th>
            {CONSENT_PURPOSES.map((p) => (
              <th scope="col" key={p}>
                {CONSENT_PURPOSE_LABELS[p]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {register.data.rows.map((row) => (
            <tr key={row.child_id}>
              <td className="fw-semibold text-break" data-label={T.child}>
                {row.full_name}
              </td>
              <td data-label={T.decides}>{row.own_counts ? T.own : T.family}</td>
              {row.purposes.map((status) => (
                <td key={status.purpose} data-label={CONSENT_PURPOSE_LABELS[status.purpose]}>
                  <StateCell status={status} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
    );
  }

  return (
    <section aria-labelledby={`${ids}-title`} className="mb-5">
      <h2 className="h4" id={`${ids}-title`}>
        {T.registerTitle}
      </h2>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <Form.Group controlId={`${ids}-section`}>
          <Form.Label>{T.section}</Form.Label>
          <Form.Select
            value={section ?? ''}
            onChange={(e) => {
              setSection(e.target.value ? Number(e.target.value) : null);
              setPage(1);
            }}
          >
            {sections.data.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Button variant="outline-dark" onClick={download} disabled={downloading}>
          {downloading ? T.downloading : T.download}
        </Button>
      </div>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {table}
      {total > CONSENT_REGISTER_PAGE_SIZE && (
        <Pager
          label={T.pagination}
          page={page}
          total={total}
          pageSize={CONSENT_REGISTER_PAGE_SIZE}
          count={T.total}
          busy={register.isFetching}
          onPage={setPage}
        />
      )}
    </section>
  );
}

/** The consent text: the current version, a new one, the earlier ones (admins). */
function ConsentTextEditor() {
  const ids = useId();
  const texts = useConsentTexts(true);
  const write = useWriteConsentText();
  const [body, setBody] = useState('');
  const [banner, setBanner] = useState<Banner>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBanner(null);
    setError(null);
    try {
      const result = await write.mutateAsync(body);
      setBanner({ variant: 'success', message: result.message });
      setBody('');
    } catch (err) {
      setError((err as Error).message);
    }
  };

  if (texts.isPending) return <TableSkeleton />;
  if (texts.isError) {
    return <LoadError message={texts.error.message} onRetry={() => texts.refetch()} />;
  }
  const [current, ...earlier] = texts.data;
  return (
    <section aria-labelledby={`${ids}-title`}>
      <h2 className="h4" id={`${ids}-title`}>
        {T.textTitle}
      </h2>
      <p className="text-body-secondary">{T.textIntro}</p>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {current && (
        <Card className="border-0 shadow-sm mb-3" data-testid="consent-text-current">
          <Card.Body>
            <p className="small text-body-secondary mb-2">
              {T.currentVersion(
                current.version,
                formatLongDate(current.created_at),
                current.created_by,
              )}
            </p>
            <p className="mb-0" style={{ whiteSpace: 'pre-line' }}>
              {current.body}
            </p>
          </Card.Body>
        </Card>
      )}
      <Form onSubmit={submit} noValidate className="mb-4">
        <h3 className="h6">{T.newVersion}</h3>
        <Form.Group controlId={`${ids}-body`} className="mb-2">
          <Form.Label>{T.newVersionLabel}</Form.Label>
          <Form.Control
            as="textarea"
            rows={6}
            value={body}
            maxLength={CONSENT_TEXT_MAX}
            isInvalid={error !== null}
            aria-describedby={`${ids}-help`}
            onChange={(e) => setBody(e.target.value)}
          />
          <Form.Text id={`${ids}-help`}>{T.newVersionHelp}</Form.Text>
          <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" variant="success" disabled={write.isPending}>
          {write.isPending ? T.saving : T.save}
        </Button>
      </Form>
      <h3 className="h6">{T.earlier}</h3>
      {earlier.length === 0 ? (
        <p className="small text-body-secondary">{T.noEarlier}</p>
      ) : (
        earlier.map((text) => (
          <details key={text.version} className="mb-2">
            <summary>
              {T.currentVersion(text.version, formatLongDate(text.created_at), text.created_by)}
            </summary>
            <p className="small mt-2" style={{ whiteSpace: 'pre-line' }}>
              {text.body}
            </p>
          </details>
        ))
      )}
    </section>
  );
}

/**
 * /admin/consentimiento (decision 074): the register per section for admins and
 * scouters (theirs), and the consent text for admins. Who may not record consent sees nothing
 * of it (the server refuses the calls too).
 */
export function ConsentPage() {
  const canRecord = useCan('consent:record');
  const canText = useCan('consent:text');
  const isAdmin = useCan('admin:panel');
  if (!canRecord) {
    return <p className="text-body-secondary">{T.noSections}</p>;
  }
  return (
    <>
      <h1 className="h2 mb-3">{T.title}</h1>
      <AdminNav />
      <p className="text-body-secondary">{isAdmin ? T.introAdmin : T.introScouter}</p>
      <Register />
      {canText && <ConsentTextEditor />}
    </>
  );
}
