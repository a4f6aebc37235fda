import { CLIENT_ERRORS, LIMITS, type Monitor } from '@fogata/shared';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { BannerAlert, LoadFailedAlert } from '../../../components/dismissible-alert';
import { PlusIcon } from '../../../components/icons';
import { lazyComponent } from '../../../components/lazy-component';
import { ConfirmModal } from '../../../components/lazy-confirm-modal';
import { SkeletonGrid } from '../../../components/skeleton-grid';
import { useCan } from '../../../lib/can';
import { useSections } from '../../../lib/sections-api';
import { useCardActions } from '../../../lib/use-card-actions';
import { useDeleteMonitor } from '../api/delete-monitor';
import { useMonitors } from '../api/get-monitors';
import { AgeSections, shownSections } from '../components/age-sections';
import { MonitorCard } from '../components/monitor-card';
import { OurPlace } from '../components/our-place';
import { ProtectionDelegate } from '../components/protection-delegate';
import { WHO_WE_ARE_TEXTS as T } from '../texts';

/** The grid's columns per breakpoint, loaded or loading. */
const TEAM_COLUMNS = { xs: 1, sm: 2, lg: 3 } as const;

// Managers only: everyone else never loads the form (nor react-hook-form and zod).
const MonitorFormModal = lazyComponent(
  () => import('../components/monitor-form-modal'),
  'MonitorFormModal',
);

/** /whoweare: the group and its sections, its scouters (admins manage them) and its meeting place. */
export function WhoWeArePage() {
  // The sections come in the page's data (the server's first answer), so the intro never moves.
  const sections = shownSections(useSections().data);
  const from = Math.min(...sections.map((s) => s.from));
  const to = Math.max(...sections.map((s) => s.to));
  return (
    <article className="pb-5">
      <h1 className="h2 mb-3">{T.title}</h1>
      <div className="mb-4" style={{ maxWidth: '48rem' }}>
        <p>{T.intro}</p>
        <p>{T.introSections(from, to)}</p>
      </div>
      <AgeSections sections={sections} />
      <Scouters />
      <ProtectionDelegate />
      <OurPlace />
    </article>
  );
}

function Scouters() {
  const monitors = useMonitors();
  const isAdmin = useCan('monitor:manage');
  const remove = useDeleteMonitor();
  const {
    formOpen,
    formItem,
    openForm,
    closeForm,
    target,
    setTarget,
    banner,
    setBanner,
    confirmDelete,
  } = useCardActions<Monitor>(remove.mutateAsync, 'monitor');

  let body: React.ReactNode;
  if (monitors.isPending) {
    body = (
      <SkeletonGrid
        label={T.loading}
        count={LIMITS.skeletonSmall}
        ratio={1}
        columns={TEAM_COLUMNS}
      />
    );
  } else if (monitors.isError) {
    body = <LoadFailedAlert message={monitors.error.message || CLIENT_ERRORS.monitorsList} />;
  } else if (monitors.data.length === 0) {
    body = <p className="text-body-secondary py-3 mb-0">{T.empty}</p>;
  } else {
    body = (
      <Row {...TEAM_COLUMNS} className="g-4">
        {monitors.data.map((monitor) => (
          <Col key={monitor.id}>
            <MonitorCard
              monitor={monitor}
              onEdit={isAdmin ? openForm : undefined}
              onDelete={isAdmin ? setTarget : undefined}
            />
          </Col>
        ))}
      </Row>
    );
  }

  return (
    <section aria-labelledby="scouters-heading" className="mb-5">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h2 id="scouters-heading" className="h4 mb-0">
          {T.scoutersHeading}
        </h2>
        {isAdmin && (
          <Button
            variant="success"
            className="d-inline-flex align-items-center gap-1"
            onClick={() => openForm(null)}
          >
            <PlusIcon size={18} />
            {T.addButton}
          </Button>
        )}
      </div>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      {body}
      {isAdmin && (
        <>
          <MonitorFormModal show={formOpen} monitor={formItem} onClose={closeForm} />
          <ConfirmModal
            show={!!target}
            title={T.deleteMonitor}
            body={target && <p>{T.deleteBody(target.name)}</p>}
            confirmLabel={T.deleteConfirm}
            busy={remove.isPending}
            onConfirm={confirmDelete}
            onCancel={() => setTarget(null)}
          />
        </>
      )}
    </section>
  );
}
