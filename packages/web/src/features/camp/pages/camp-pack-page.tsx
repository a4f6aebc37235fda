import type { CampPack } from '@fogata/shared';
import { useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { Loading } from '../../../components/loading';
import { paths } from '../../../config/paths';
import { formatMadrid, formatMadridRange } from '../../../lib/madrid-time';
import { parseRouteId } from '../../../lib/route-id';
import { saveFile } from '../../../lib/save-file';
import { downloadCampPdf } from '../api';
import { ChildCard } from '../components/child-card';
import { TakeToCampButton } from '../components/take-to-camp-button';
import { useKeptPack } from '../lib/use-kept-pack';
import { CAMP_TEXTS as T } from '../texts';
import { useOnline } from '../use-online';

/** The group's data for an emergency: 112, who is in charge, the delegado/a, the staff. */
function Emergency({ pack }: { pack: CampPack }) {
  const { emergency, staff } = pack;
  return (
    <section className="card shadow-sm border-0 mb-4" aria-labelledby="camp-emergency">
      <div className="card-body p-3">
        <h2 className="h4" id="camp-emergency">
          {T.emergency}
        </h2>
        <a href="tel:112" className="btn btn-danger btn-lg w-100 mb-3">
          {T.call112}
        </a>
        <dl className="row mb-0">
          <dt className="col-12 col-sm-4">{T.inCharge}</dt>
          <dd className="col-12 col-sm-8">{emergency.in_charge ?? T.nobody}</dd>
          <dt className="col-12 col-sm-4">{T.protectionDelegate}</dt>
          <dd className="col-12 col-sm-8 text-break">
            {emergency.protection_delegate
              ? `${emergency.protection_delegate.name} · ${emergency.protection_delegate.contact}`
              : T.nobody}
          </dd>
          <dt className="col-12 col-sm-4">{T.staff}</dt>
          <dd className="col-12 col-sm-8 mb-0">
            {staff.length === 0 ? T.nobody : staff.map((s) => s.name).join(', ')}
          </dd>
        </dl>
      </div>
    </section>
  );
}

/**
 * The camp pack (/actividades/{id}/campamento), read from this browser's copy, so it opens with
 * no signal: the emergency data, then every child with their ficha, whom to call, the
 * autorización and the payment. Online, the PDF for the first-aid kit.
 */
export function CampPackPage() {
  const id = parseRouteId(useParams().activityId) ?? 0;
  const online = useOnline();
  const { kept } = useKeptPack(id);
  const [downloading, setDownloading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const back = (
    <Link to={paths.activity.getHref(id)} className="small">
      ← {T.back}
    </Link>
  );
  if (kept.state === 'loading') return <Loading label={T.loading} />;
  if (kept.state !== 'kept') {
    return (
      <>
        {back}
        <h1 className="h2 mt-3">{T.takeToCamp}</h1>
        {kept.state === 'unavailable' ? (
          <p>{T.storageUnavailable}</p>
        ) : online ? (
          <>
            <p>{T.noPack}</p>
            <p className="text-body-secondary">{T.noPackHint}</p>
            <TakeToCampButton activityId={id} />
          </>
        ) : (
          <p role="status">{T.noPackOffline}</p>
        )}
      </>
    );
  }

  const { pack } = kept.stored;
  const pdf = async () => {
    setError(null);
    setDownloading(true);
    try {
      const { blob, fileName } = await downloadCampPdf(id);
      saveFile(blob, fileName ?? `campamento-${id}.pdf`);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <article className="pb-5">
      {back}
      <div className="d-flex flex-wrap align-items-center gap-2 mt-3 mb-1">
        <Badge bg="danger">{T.confidential}</Badge>
        {!online && (
          <Badge bg="secondary" role="status">
            {T.offlineBadge}
          </Badge>
        )}
      </div>
      <h1 className="h2 mb-1 text-break">{T.packTitle(pack.activity.title)}</h1>
      <p className="mb-1">{formatMadridRange(pack.activity.starts_at, pack.activity.ends_at)}</p>
      {pack.activity.place && <p className="mb-2">{pack.activity.place}</p>}
      <p className="small text-body-secondary mb-1">
        {T.takenAt(formatMadrid(pack.generated_at))}{' '}
        {T.wipeAt(formatMadrid(kept.stored.pack.wipe_at))}
      </p>
      <p className="small text-body-secondary mb-3">{T.confidentialNote}</p>
      <div className="d-flex flex-wrap gap-2 mb-2">
        <Link to={paths.campRoll.getHref(id)} className="btn btn-primary">
          {T.takeRoll}
        </Link>
        <Button variant="outline-dark" disabled={!online || downloading} onClick={() => void pdf()}>
          {downloading ? T.downloading : T.pdf}
        </Button>
      </div>
      {!online && <p className="small text-body-secondary">{T.pdfOnline}</p>}
      <DismissibleAlert variant="danger" message={error} onClose={() => setError(null)} />
      <Emergency pack={pack} />
      <section aria-labelledby="camp-roster">
        <h2 className="h4" id="camp-roster">
          {T.roster}{' '}
          <span className="text-body-secondary fs-6">({T.rosterCount(pack.children.length)})</span>
        </h2>
        {pack.children.length === 0 ? (
          <p>{T.noChildren}</p>
        ) : (
          <ul className="list-unstyled mb-0">
            {pack.children.map((child) => (
              <li key={child.child_id}>
                <ChildCard child={child} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
