import {
  CAMP_MSG,
  HEALTH_LABELS,
  HEALTH_LIMITS,
  type HealthRecord,
  type HealthRecordInput,
  healthRecordInputSchema,
  SWIM_ANSWERS,
  SWIM_LABELS,
  type SwimAnswer,
} from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { BannerAlert } from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { SubmitButton } from '../../../components/submit-button';
import type { Banner } from '../../../lib/banner';
import { useConfirmChildHealth } from '../../../lib/child-health-api';
import { useSaveHealth } from '../api/health-api';
import { HEALTH_TEXTS as T } from '../texts';

/** The form's values: the ficha, with «¿Sabe nadar?» unanswered until the family picks one. */
type HealthFormValues = Omit<HealthRecordInput, 'can_swim'> & { can_swim: SwimAnswer | '' };

const EMPTY_CONTACT = { name: '', relation: '', phone: '' };
const EMPTY_MEDICATION = { name: '', dose: '', schedule: '', scouters_may_give: false };

/** What the form starts with: the ficha as it stands, or an empty one with two blank contacts. */
function valuesOf(record: HealthRecord | null): HealthFormValues {
  if (!record) {
    return {
      allergies: '',
      medications: [],
      diet: '',
      conditions: '',
      health_card: '',
      can_swim: '',
      notes: '',
      contacts: [{ ...EMPTY_CONTACT }, { ...EMPTY_CONTACT }],
    };
  }
  return {
    allergies: record.allergies,
    medications: record.medications.map((m) => ({ ...m })),
    diet: record.diet,
    conditions: record.conditions,
    health_card: record.health_card,
    can_swim: record.can_swim,
    notes: record.notes,
    contacts: record.contacts.map((c) => ({ ...c })),
  };
}

// The shared schema: the browser says what the server would, in the same words.
const resolver = zodResolver(healthRecordInputSchema) as unknown as Resolver<
  HealthFormValues,
  unknown,
  HealthRecordInput
>;

const LONG_FIELDS = ['allergies', 'diet', 'conditions', 'notes'] as const;

/**
 * The whole ficha: every field, the medication rows (added and removed), two emergency contacts.
 * Unchanged, it offers «Está al día» (one tap confirms it); changed, «Guardar ficha».
 */
export function HealthForm({ childId, record }: { childId: number; record: HealthRecord | null }) {
  const ids = useId();
  const save = useSaveHealth(childId);
  const confirm = useConfirmChildHealth();
  const [banner, setBanner] = useState<Banner>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<HealthFormValues, unknown, HealthRecordInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: valuesOf(record),
  });
  const medications = useFieldArray({ control, name: 'medications' });

  const onSave = handleSubmit(
    async (input) => {
      setBanner(null);
      try {
        const saved = await save.mutateAsync(input);
        reset(valuesOf(saved));
        setBanner({ variant: 'success', message: CAMP_MSG.healthSaved });
      } catch (error) {
        setBanner({ variant: 'danger', message: (error as Error).message });
      }
    },
    () => setBanner({ variant: 'danger', message: T.fixErrors }),
  );

  const onConfirm = async () => {
    setBanner(null);
    try {
      await confirm.mutateAsync({ childId });
      setBanner({ variant: 'success', message: CAMP_MSG.healthConfirmed });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
  };

  const long = (name: (typeof LONG_FIELDS)[number]) => (
    <FormField
      key={name}
      id={`${ids}-${name}`}
      label={HEALTH_LABELS[name]}
      as="textarea"
      rows={3}
      maxLength={HEALTH_LIMITS.textMax}
      help={T.textHelp}
      error={errors[name]?.message}
      {...register(name)}
    />
  );

  return (
    <Form noValidate onSubmit={onSave} className="health-form">
      {long('allergies')}
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-2">{HEALTH_LABELS.medications}</legend>
        {medications.fields.length === 0 && (
          <p className="small text-body-secondary mb-2">{T.medicationEmpty}</p>
        )}
        {medications.fields.map((field, index) => {
          const rowErrors = errors.medications?.[index];
          return (
            <fieldset key={field.id} className="border rounded px-3 py-2 mb-2">
              <legend className="fs-6 fw-semibold mb-1">{T.medicationLegend(index + 1)}</legend>
              <div className="row g-2">
                <FormField
                  className="col-12 col-md-4 mb-2"
                  id={`${ids}-med${index}-name`}
                  label={HEALTH_LABELS.medicationName}
                  maxLength={HEALTH_LIMITS.shortMax}
                  error={rowErrors?.name?.message}
                  {...register(`medications.${index}.name`)}
                />
                <FormField
                  className="col-12 col-md-4 mb-2"
                  id={`${ids}-med${index}-dose`}
                  label={HEALTH_LABELS.medicationDose}
                  maxLength={HEALTH_LIMITS.shortMax}
                  error={rowErrors?.dose?.message}
                  {...register(`medications.${index}.dose`)}
                />
                <FormField
                  className="col-12 col-md-4 mb-2"
                  id={`${ids}-med${index}-schedule`}
                  label={HEALTH_LABELS.medicationSchedule}
                  maxLength={HEALTH_LIMITS.shortMax}
                  error={rowErrors?.schedule?.message}
                  {...register(`medications.${index}.schedule`)}
                />
              </div>
              <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
                <Form.Check
                  id={`${ids}-med${index}-give`}
                  label={HEALTH_LABELS.medicationScoutersMayGive}
                  {...register(`medications.${index}.scouters_may_give`)}
                />
                <Button
                  variant="outline-danger"
                  size="sm"
                  onClick={() => medications.remove(index)}
                >
                  {T.removeMedication(index + 1)}
                </Button>
              </div>
            </fieldset>
          );
        })}
        {errors.medications?.message && (
          <div className="text-danger small mb-2" role="alert">
            {errors.medications.message}
          </div>
        )}
        {medications.fields.length < HEALTH_LIMITS.medicationsMax && (
          <Button
            variant="outline-primary"
            size="sm"
            onClick={() => medications.append({ ...EMPTY_MEDICATION })}
          >
            {T.addMedication}
          </Button>
        )}
      </fieldset>
      {long('diet')}
      {long('conditions')}
      <FormField
        id={`${ids}-card`}
        label={HEALTH_LABELS.healthCard}
        maxLength={HEALTH_LIMITS.healthCardMax}
        autoComplete="off"
        error={errors.health_card?.message}
        {...register('health_card')}
      />
      <fieldset
        className="mb-3"
        aria-describedby={errors.can_swim ? `${ids}-swim-error` : undefined}
      >
        <legend className="form-label fs-6 mb-1">{HEALTH_LABELS.canSwim}</legend>
        <div className="d-flex flex-wrap gap-3">
          {SWIM_ANSWERS.map((answer) => (
            <Form.Check
              key={answer}
              type="radio"
              id={`${ids}-swim-${answer}`}
              value={answer}
              label={SWIM_LABELS[answer]}
              isInvalid={!!errors.can_swim}
              {...register('can_swim')}
            />
          ))}
        </div>
        {errors.can_swim && (
          <div className="text-danger small mt-1" id={`${ids}-swim-error`} role="alert">
            {errors.can_swim.message}
          </div>
        )}
      </fieldset>
      {long('notes')}
      <fieldset className="mb-3">
        <legend className="form-label fs-6 mb-2">{HEALTH_LABELS.contacts}</legend>
        <div className="row g-2">
          {[0, 1].map((index) => {
            const contactErrors = errors.contacts?.[index];
            return (
              <div className="col-12 col-lg-6" key={index}>
                <fieldset className="border rounded px-3 py-2 h-100">
                  <legend className="fs-6 fw-semibold mb-1">{T.contactLegend(index + 1)}</legend>
                  <FormField
                    id={`${ids}-contact${index}-name`}
                    label={HEALTH_LABELS.contactName}
                    maxLength={HEALTH_LIMITS.shortMax}
                    autoComplete="off"
                    error={contactErrors?.name?.message}
                    {...register(`contacts.${index}.name`)}
                  />
                  <FormField
                    id={`${ids}-contact${index}-relation`}
                    label={HEALTH_LABELS.contactRelation}
                    maxLength={HEALTH_LIMITS.shortMax}
                    autoComplete="off"
                    error={contactErrors?.relation?.message}
                    {...register(`contacts.${index}.relation`)}
                  />
                  <FormField
                    id={`${ids}-contact${index}-phone`}
                    label={HEALTH_LABELS.contactPhone}
                    type="tel"
                    inputMode="tel"
                    autoComplete="off"
                    error={contactErrors?.phone?.message}
                    {...register(`contacts.${index}.phone`)}
                  />
                </fieldset>
              </div>
            );
          })}
        </div>
      </fieldset>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      <div className="d-flex flex-wrap gap-2">
        {record !== null && !isDirty ? (
          <Button variant="success" disabled={confirm.isPending} onClick={() => void onConfirm()}>
            {confirm.isPending ? T.confirming : T.upToDate}
          </Button>
        ) : (
          <SubmitButton busy={save.isPending} label={T.save} busyLabel={T.saving} className="" />
        )}
      </div>
    </Form>
  );
}
