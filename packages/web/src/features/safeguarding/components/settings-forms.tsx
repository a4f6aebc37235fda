import {
  AUTHORIZATION_MESSAGES,
  CAMP_ERRORS,
  CAMP_LIMITS,
  CAMP_MSG,
  delegateInputSchema,
  type SafeguardingSettings,
  safeguardingSettingsInputSchema,
} from '@fogata/shared';
import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { ZodType } from 'zod';
import { BannerAlert } from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import type { Banner } from '../../../lib/banner';
import { useCertificates, useSaveDelegate, useSaveSettings } from '../api/safeguarding-api';
import { SAFEGUARDING_TEXTS as T } from '../texts';

type Errors = Record<string, string>;

/** The first message of each field a zod check refused. */
function errorsOf(issues: { path: PropertyKey[]; message: string }[]): Errors {
  const found: Errors = {};
  for (const issue of issues) {
    const field = String(issue.path[0]);
    found[field] ??= issue.message;
  }
  return found;
}

/**
 * A form's submit checked with a shared schema first: each field's first message, or the call
 * and its banner (`success` when it went through, the server's words when it did not).
 */
function useCheckedSubmit<T>(
  schema: ZodType<T>,
  save: (input: T) => Promise<unknown>,
  success: string,
  /** The id of a field's control, so the first one in error takes the focus. */
  idOf: (field: string) => string,
) {
  const [errors, setErrors] = useState<Errors>({});
  const [banner, setBanner] = useState<Banner>(null);
  const submit = async (raw: unknown) => {
    setBanner(null);
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const found = errorsOf(parsed.error.issues);
      setErrors(found);
      const first = Object.keys(found)[0];
      if (first) document.getElementById(idOf(first))?.focus();
      return;
    }
    setErrors({});
    try {
      await save(parsed.data);
      setBanner({ variant: 'success', message: success });
    } catch (err) {
      setBanner({ variant: 'danger', message: (err as Error).message });
    }
  };
  return { errors, banner, setBanner, submit };
}

/** A whole number as typed; NaN for anything else, so the shared check says what is wrong. */
const wholeOf = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

const SETTINGS_FIELDS = [
  {
    name: 'staff_ratio',
    label: T.staffRatio,
    help: T.staffRatioHelp,
    range: CAMP_LIMITS.staffRatio,
  },
  {
    name: 'certificate_renewal_months',
    label: T.renewalMonths,
    help: undefined,
    range: CAMP_LIMITS.renewalMonths,
  },
  {
    name: 'health_retention_days',
    label: T.retentionDays,
    help: T.retentionHelp,
    range: CAMP_LIMITS.retentionDays,
  },
] as const;

type SettingName = (typeof SETTINGS_FIELDS)[number]['name'];

/** The ratio, the certificado's renewal and health data's retention. */
export function SettingsForm({ current }: { current: SafeguardingSettings }) {
  const ids = useId();
  const save = useSaveSettings();
  const [values, setValues] = useState<Record<SettingName, string>>({
    staff_ratio: String(current.staff_ratio),
    certificate_renewal_months: String(current.certificate_renewal_months),
    health_retention_days: String(current.health_retention_days),
  });
  const { errors, banner, setBanner, submit } = useCheckedSubmit(
    safeguardingSettingsInputSchema,
    save.mutateAsync,
    CAMP_MSG.settingsSaved,
    (field) => `${ids}-${field}`,
  );
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    void submit({
      staff_ratio: wholeOf(values.staff_ratio),
      certificate_renewal_months: wholeOf(values.certificate_renewal_months),
      health_retention_days: wholeOf(values.health_retention_days),
    });
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="mb-5">
      <h2 className="h4" id={`${ids}-title`}>
        {T.settings}
      </h2>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      <Form noValidate onSubmit={onSubmit} style={{ maxWidth: '32rem' }}>
        {SETTINGS_FIELDS.map((field) => (
          <FormField
            key={field.name}
            id={`${ids}-${field.name}`}
            label={field.label}
            help={field.help}
            type="number"
            inputMode="numeric"
            min={field.range.min}
            max={field.range.max}
            value={values[field.name]}
            error={errors[field.name]}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) =>
              setValues((v) => ({ ...v, [field.name]: e.target.value }))
            }
          />
        ))}
        <SubmitButton
          busy={save.isPending}
          label={T.saveSettings}
          busyLabel={T.saving}
          className=""
        />
      </Form>
    </section>
  );
}

/** The delegado/a de protección: one of the group's scouters or admins, and a contact channel. */
export function DelegateForm({ current }: { current: SafeguardingSettings }) {
  const ids = useId();
  const adults = useCertificates();
  const save = useSaveDelegate();
  const [userId, setUserId] = useState(
    current.protection_delegate ? String(current.protection_delegate.user_id) : '',
  );
  const [contact, setContact] = useState(current.protection_delegate?.contact ?? '');
  const { errors, banner, setBanner, submit } = useCheckedSubmit(
    delegateInputSchema,
    save.mutateAsync,
    AUTHORIZATION_MESSAGES.delegateSaved,
    (field) => (field === 'user_id' ? `${ids}-person` : `${ids}-${field}`),
  );
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    void submit({ user_id: userId === '' ? undefined : Number(userId), contact });
  };

  const people = adults.data?.adults ?? [];
  const named = current.protection_delegate;
  return (
    <section aria-labelledby={`${ids}-title`} id="delegado" className="mb-5">
      <h2 className="h4" id={`${ids}-title`}>
        {T.delegate}
      </h2>
      <p className="text-body-secondary">{T.delegateIntro}</p>
      {!named && <p className="fw-semibold">{CAMP_ERRORS.noDelegate}</p>}
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      <Form noValidate onSubmit={onSubmit} style={{ maxWidth: '32rem' }}>
        <Form.Group className="mb-3" controlId={`${ids}-person`}>
          <Form.Label>{T.delegatePerson}</Form.Label>
          <Form.Select
            value={userId}
            isInvalid={!!errors.user_id}
            aria-describedby={errors.user_id ? `${ids}-person-error` : undefined}
            onChange={(e) => setUserId(e.target.value)}
          >
            <option value="">{T.delegateChoose}</option>
            {/* The one named stays a choice even before the list of adults has come. */}
            {named && !people.some((p) => p.user_id === named.user_id) && (
              <option value={String(named.user_id)}>{named.name}</option>
            )}
            {people.map((p) => (
              <option key={p.user_id} value={String(p.user_id)}>
                {p.name}
              </option>
            ))}
          </Form.Select>
          {errors.user_id && (
            <Form.Control.Feedback type="invalid" id={`${ids}-person-error`}>
              {errors.user_id}
            </Form.Control.Feedback>
          )}
        </Form.Group>
        <FormField
          id={`${ids}-contact`}
          label={T.delegateContact}
          help={T.delegateContactHelp}
          value={contact}
          maxLength={CAMP_LIMITS.delegateContactMax}
          autoComplete="off"
          error={errors.contact}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => setContact(e.target.value)}
        />
        <SubmitButton
          busy={save.isPending}
          label={T.delegateSave}
          busyLabel={T.saving}
          className=""
        />
      </Form>
    </section>
  );
}
