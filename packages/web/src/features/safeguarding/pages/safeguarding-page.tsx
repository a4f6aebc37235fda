import { AdminNav } from '../../../components/admin-nav';
import { LoadState } from '../../../components/load-state';
import { useCan } from '../../../lib/can';
import { useSafeguardingSettings } from '../api/safeguarding-api';
import { Certificates } from '../components/certificates';
import { DelegateForm, SettingsForm } from '../components/settings-forms';
import { SAFEGUARDING_TEXTS as T } from '../texts';

/** /admin/salvaguarda: certificados negativos, the group's camp settings and the delegado/a. */
export function SafeguardingPage() {
  const canManage = useCan('safeguarding:manage');
  if (!canManage) return <p className="text-body-secondary">{T.notAllowed}</p>;
  return (
    <div className="pb-5">
      <h1 className="h2 mb-3">{T.title}</h1>
      <AdminNav />
      <p className="text-body-secondary" style={{ maxWidth: '48rem' }}>
        {T.intro}
      </p>
      <Certificates />
      <Settings />
    </div>
  );
}

function Settings() {
  const settings = useSafeguardingSettings();
  if (!settings.data) return <LoadState query={settings} rows={3} />;
  return (
    <>
      <SettingsForm current={settings.data} />
      <DelegateForm current={settings.data} />
    </>
  );
}
