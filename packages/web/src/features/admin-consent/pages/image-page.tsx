import type { GroupSettingsPatch } from '@fogata/shared';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import Spinner from 'react-bootstrap/Spinner';
import { AdminNav } from '../../../components/admin-nav';
import { ConfirmModal } from '../../../components/confirm-modal';
import { type Banner, BannerAlert } from '../../../components/dismissible-alert';
import { LoadError, TableSkeleton } from '../../../components/load-state';
import {
  type ScanProgress,
  useConsentPreview,
  useGroupSettings,
  useSaveSettings,
  useScanProgress,
} from '../api/image-settings';
import { ConsentPreview } from '../components/consent-preview';
import { ImageLedger } from '../components/image-ledger';
import { IMAGE_TEXTS as T } from '../image-texts';

/** One setting: a switch with its help below, described by it. */
function SettingSwitch({
  label,
  help,
  checked,
  disabled,
  onChange,
}: {
  label: string;
  help: string;
  checked: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="mb-3">
      <Form.Check
        type="switch"
        id={id}
        role="switch"
        label={<span className="fw-semibold">{label}</span>}
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-help`}
        onChange={(e) => onChange(e.target.checked)}
      />
      <Form.Text id={`${id}-help`} className="d-block text-body-secondary">
        {help}
      </Form.Text>
    </div>
  );
}

/** The background scan of images stored before detection (shown only when the server has it). */
export function ScanBlock({ progress }: { progress: ScanProgress }) {
  const done = progress.total - progress.remaining;
  const percent = progress.total === 0 ? 100 : Math.round((100 * done) / progress.total);
  return (
    <section aria-labelledby="scan-heading" className="mb-4">
      <h2 id="scan-heading" className="h5">
        {T.scanHeading}
      </h2>
      {progress.remaining === 0 ? (
        <p className="mb-0">{T.scanDone}</p>
      ) : (
        <>
          <ProgressBar now={percent} aria-label={T.scanLabel} className="mb-2" />
          <p className="small text-body-secondary mb-0" aria-live="polite">
            {T.scanProgress(done, progress.total)}
          </p>
        </>
      )}
      {(progress.given_up ?? 0) > 0 && (
        <p className="small mt-2 mb-0">{T.scanGivenUp(progress.given_up ?? 0)}</p>
      )}
    </section>
  );
}

/**
 * /admin/imagen (admins, `settings:manage`; decision 088): 'Aplicar el
 * consentimiento de imagen' with its preview and a confirmation, 'Publicar solo álbumes
 * revisados', the background scan's progress and the ledger of where images went.
 */
export function ImagePage() {
  const settings = useGroupSettings();
  const save = useSaveSettings();
  const preview = useConsentPreview();
  const scan = useScanProgress();
  const [confirming, setConfirming] = useState<boolean | null>(null);
  const [banner, setBanner] = useState<Banner>(null);

  const apply = async (patch: GroupSettingsPatch) => {
    setBanner(null);
    try {
      const result = await save.mutateAsync(patch);
      setBanner({ variant: 'success', message: result.message });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    } finally {
      setConfirming(null);
    }
  };

  let settingsBody: React.ReactNode;
  if (settings.isPending) {
    settingsBody = <TableSkeleton rows={2} />;
  } else if (settings.isError) {
    settingsBody = (
      <LoadError message={settings.error.message} onRetry={() => settings.refetch()} />
    );
  } else {
    settingsBody = (
      <>
        <SettingSwitch
          label={T.enforce}
          help={T.enforceHelp}
          checked={settings.data.image_consent_enforced}
          disabled={save.isPending}
          // Either way, a confirmation first: it changes what every member and visitor sees.
          onChange={(value) => setConfirming(value)}
        />
        <SettingSwitch
          label={T.reviewed}
          help={T.reviewedHelp}
          checked={settings.data.publish_only_reviewed}
          disabled={save.isPending}
          onChange={(value) => apply({ publish_only_reviewed: value })}
        />
        {save.isPending && confirming === null && (
          <span role="status" className="small text-body-secondary">
            <Spinner size="sm" className="me-2" aria-hidden="true" />
            {T.saving}
          </span>
        )}
      </>
    );
  }

  return (
    <>
      <h1 className="h2 mb-3">{T.title}</h1>
      <AdminNav />
      <p className="text-body-secondary">{T.intro}</p>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      <section
        aria-labelledby="settings-heading"
        className="card card-body border-0 shadow-sm mb-4"
      >
        <h2 id="settings-heading" className="h5">
          {T.settingsHeading}
        </h2>
        {settingsBody}
      </section>
      {settings.data && <ConsentPreview enforced={settings.data.image_consent_enforced} />}
      {scan.data && <ScanBlock progress={scan.data} />}
      <ImageLedger />
      <ConfirmModal
        show={confirming !== null}
        title={confirming ? T.confirmOnTitle : T.confirmOffTitle}
        body={
          <p>
            {confirming
              ? preview.data
                ? T.confirmOnBody(preview.data)
                : T.previewIntro
              : T.confirmOffBody}
          </p>
        }
        reversible
        confirmLabel={confirming ? T.confirmOn : T.confirmOff}
        busyLabel={T.saving}
        busy={save.isPending}
        onConfirm={() => confirming !== null && apply({ image_consent_enforced: confirming })}
        onCancel={() => setConfirming(null)}
      />
    </>
  );
}
