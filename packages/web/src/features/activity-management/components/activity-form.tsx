import { ACTIVITY_KINDS, type SectionRef } from '@fogata/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { paths } from '../../../config/paths';
import type { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/can';
import { badgeColours } from '../../../lib/readable-text-colour';
import { useManagedSections } from '../../../lib/sections-api';
import { useChangeStatus, usePeopleInCharge, useSaveActivity } from '../api/activities';
import {
  type ActivityFormValues,
  type FieldErrors,
  formFieldOf,
  valuesToBody,
} from '../form-values';
import { KIND_LABELS, ACTIVITY_FORM_TEXTS as T } from '../texts';
import type { ManagedActivity } from '../types';
import { QuestionEditor } from './question-editor';

interface ActivityFormProps {
  /** The activity to edit; null to create one. */
  activity: ManagedActivity | null;
  defaultValues: ActivityFormValues;
}

/** A card of the form with its heading. */
function Part({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Card as="section" aria-labelledby={id} className="border-0 shadow-sm mb-3">
      <Card.Body>
        <h2 className="h5 mb-3" id={id}>
          {title}
        </h2>
        {children}
      </Card.Body>
    </Card>
  );
}

/**
 * Creating or editing an activity: saved as a borrador or published, each error beside its field
 * (the form's own checks and the server's), anything else at the top.
 */
export function ActivityForm({ activity, defaultValues }: ActivityFormProps) {
  const ids = useId();
  const navigate = useNavigate();
  const isAdmin = useCan('admin:panel');
  const sections = useManagedSections();
  const people = usePeopleInCharge();
  const save = useSaveActivity();
  const publishDraft = useChangeStatus(activity?.id ?? 0);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [topError, setTopError] = useState<string | null>(null);
  const { register, control, handleSubmit, setValue, getValues } = useForm<ActivityFormValues>({
    defaultValues,
  });
  const [kind, wholeGroup, sectionIds, repeatsWeekly, inChargeId] = useWatch({
    control,
    name: ['kind', 'wholeGroup', 'sectionIds', 'repeatsWeekly', 'inChargeId'],
  });
  const busy = save.isPending || publishDraft.isPending;
  const isDraft = activity === null || activity.status === 'borrador';

  // The sections offered: the viewer's, and those the activity already has.
  const offered: SectionRef[] = [...(sections.data ?? [])];
  for (const section of activity?.audience ?? []) {
    if (!offered.some((s) => s.id === section.id)) offered.push(section);
  }
  // A scouter's activity is for some of their sections; only an admin may pick the whole group.
  const mayPickWholeGroup = isAdmin || wholeGroup;

  const submit = (publish: boolean) =>
    handleSubmit(async (values) => {
      setTopError(null);
      const built = valuesToBody(values, publish && activity === null);
      if (built.errors) {
        setErrors(built.errors);
        setTopError(T.fixErrors);
        focusFirst(built.errors);
        return;
      }
      setErrors({});
      try {
        const saved = await save.mutateAsync({ id: activity?.id ?? null, body: built.body });
        // A draft published from its edit page: saved first, then its state changed.
        if (publish && activity !== null) await publishDraft.mutateAsync('publicada');
        navigate(paths.activity.getHref(saved.id));
      } catch (error) {
        const { message, fieldErrors } = error as ApiError;
        const onFields: FieldErrors = {};
        for (const { field, message: text } of fieldErrors ?? []) {
          const name = formFieldOf(field);
          if (name && !onFields[name]) onFields[name] = text;
        }
        setErrors(onFields);
        setTopError(message);
        focusFirst(onFields);
      }
    });

  /** Moves the focus to the first field in error, so a keyboard or screen reader lands on it. */
  const focusFirst = (found: FieldErrors) => {
    const first = Object.keys(found)[0];
    if (!first) return;
    requestAnimationFrame(() => {
      const element = document.querySelector<HTMLElement>(`[name="${first}"]`);
      element?.focus();
    });
  };

  const field = (name: keyof ActivityFormValues) => ({
    id: `${ids}-${name}`,
    error: errors[name],
    disabled: busy,
    ...register(name),
  });

  return (
    <Form noValidate onSubmit={submit(false)} aria-busy={busy}>
      <DismissibleAlert variant="danger" message={topError} onClose={() => setTopError(null)} />
      <Part title={T.basics}>
        <FormField label={T.title} maxLength={150} {...field('title')} />
        <Form.Group className="mb-3" controlId={`${ids}-kind`}>
          <Form.Label>{T.kind}</Form.Label>
          <Form.Select disabled={busy} {...register('kind')}>
            {ACTIVITY_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <fieldset
          disabled={busy}
          aria-describedby={errors.sectionIds ? `${ids}-sections-error` : undefined}
        >
          <legend className="form-label fs-6 mb-1">{T.audience}</legend>
          {mayPickWholeGroup && (
            <>
              <Form.Check
                type="radio"
                id={`${ids}-whole`}
                name={`${ids}-audience`}
                label={T.wholeGroup}
                checked={wholeGroup}
                onChange={() => setValue('wholeGroup', true)}
              />
              <Form.Check
                type="radio"
                id={`${ids}-some`}
                name={`${ids}-audience`}
                label={T.someSections}
                checked={!wholeGroup}
                onChange={() => setValue('wholeGroup', false)}
              />
            </>
          )}
          {!wholeGroup && (
            <div className={mayPickWholeGroup ? 'ps-3 mt-1' : ''}>
              {offered.map((section) => (
                <Form.Check key={section.id} id={`${ids}-section-${section.id}`} className="mb-1">
                  <Form.Check.Input
                    type="checkbox"
                    name="sectionIds"
                    checked={sectionIds.includes(section.id)}
                    onChange={(event) =>
                      setValue(
                        'sectionIds',
                        event.target.checked
                          ? [...getValues('sectionIds'), section.id]
                          : getValues('sectionIds').filter((id) => id !== section.id),
                      )
                    }
                  />
                  <Form.Check.Label className="d-inline-flex align-items-center gap-2">
                    <span
                      className="rounded-circle border flex-shrink-0"
                      style={{
                        width: '0.85rem',
                        height: '0.85rem',
                        ...badgeColours(section.colour),
                      }}
                      aria-hidden="true"
                    />
                    {section.name}
                  </Form.Check.Label>
                </Form.Check>
              ))}
              {sections.isPending && <Form.Text className="d-block">{T.sectionsLoading}</Form.Text>}
              {sections.isError && <Form.Text className="d-block">{T.sectionsFailed}</Form.Text>}
              {sections.isSuccess && offered.length === 0 && (
                <Form.Text className="d-block">{T.noSections}</Form.Text>
              )}
            </div>
          )}
          {errors.sectionIds && (
            <Form.Text id={`${ids}-sections-error`} className="d-block text-danger">
              {errors.sectionIds}
            </Form.Text>
          )}
        </fieldset>
        <FormField
          className="mt-3 mb-0"
          label={T.description}
          as="textarea"
          rows={5}
          maxLength={5000}
          help={T.descriptionHelp}
          {...field('description')}
        />
      </Part>

      <Part title={T.when}>
        <p className="small text-body-secondary">{T.timeZone}</p>
        <Row xs={1} md={2}>
          <Col>
            <FormField label={T.startsAt} type="datetime-local" {...field('startsAt')} />
          </Col>
          <Col>
            <FormField label={T.endsAt} type="datetime-local" {...field('endsAt')} />
          </Col>
        </Row>
        {kind === 'reunion' && (
          <>
            <Form.Check
              type="switch"
              id={`${ids}-weekly`}
              className="mb-2"
              label={T.repeatsWeekly}
              disabled={busy}
              {...register('repeatsWeekly')}
            />
            {repeatsWeekly && (
              <FormField label={T.repeatsUntil} type="date" {...field('repeatsUntil')} />
            )}
          </>
        )}
      </Part>

      <Part title={T.where}>
        <FormField label={T.place} maxLength={200} {...field('place')} />
        <Row xs={1} md={2}>
          <Col>
            <FormField label={T.meetingPoint} maxLength={200} {...field('meetingPoint')} />
          </Col>
          <Col>
            <FormField
              label={T.meetingAt}
              type="datetime-local"
              help={T.meetingAtHelp}
              {...field('meetingAt')}
            />
          </Col>
          <Col>
            <FormField label={T.returnPoint} maxLength={200} {...field('returnPoint')} />
          </Col>
          <Col>
            <FormField
              label={T.returnAt}
              type="datetime-local"
              help={T.returnAtHelp}
              {...field('returnAt')}
            />
          </Col>
        </Row>
        <FormField
          label={T.transport}
          maxLength={200}
          help={T.transportHelp}
          {...field('transport')}
        />
      </Part>

      <Part title={T.signups}>
        <Row xs={1} md={2}>
          <Col>
            <FormField label={T.price} inputMode="decimal" help={T.priceHelp} {...field('price')} />
          </Col>
          <Col>
            <FormField
              label={T.places}
              type="number"
              min={1}
              inputMode="numeric"
              help={T.placesHelp}
              {...field('places')}
            />
          </Col>
        </Row>
        <FormField label={T.deadline} type="datetime-local" {...field('signupDeadline')} />
        <Form.Group className="mb-3" controlId={`${ids}-inChargeId`}>
          <Form.Label>{T.inCharge}</Form.Label>
          <Form.Select
            disabled={busy}
            isInvalid={!!errors.inChargeId}
            aria-describedby={errors.inChargeId ? `${ids}-inChargeId-error` : undefined}
            {...register('inChargeId')}
            // Held by the form, not the element: the options arrive after the first draw.
            value={inChargeId}
          >
            <option value="">{T.noInCharge}</option>
            {(people.data ?? []).map((p) => (
              <option key={p.id} value={String(p.id)}>
                {p.name}
              </option>
            ))}
            {activity?.in_charge &&
              people.isSuccess &&
              !people.data.some((p) => p.id === activity.in_charge?.id) && (
                <option value={String(activity.in_charge.id)}>{activity.in_charge.name}</option>
              )}
          </Form.Select>
          {people.isError && <Form.Text className="d-block">{T.inChargeFailed}</Form.Text>}
          {errors.inChargeId && (
            <Form.Control.Feedback type="invalid" id={`${ids}-inChargeId-error`}>
              {errors.inChargeId}
            </Form.Control.Feedback>
          )}
        </Form.Group>
        <Form.Check
          type="switch"
          id={`${ids}-both`}
          label={T.bothGuardians}
          aria-describedby={`${ids}-both-help`}
          disabled={busy}
          {...register('bothGuardians')}
        />
        <Form.Text id={`${ids}-both-help`} className="d-block">
          {T.bothGuardiansHelp}
        </Form.Text>
      </Part>

      <Card className="border-0 shadow-sm mb-3">
        <Card.Body>
          <QuestionEditor control={control} register={register} errors={errors} disabled={busy} />
        </Card.Body>
      </Card>

      {isDraft ? (
        <p className="small text-body-secondary">{T.publishHelp}</p>
      ) : (
        <p className="small text-body-secondary">{T.editSignedHelp}</p>
      )}
      <div className="d-flex flex-wrap gap-2 mb-4">
        {isDraft ? (
          <>
            <Button type="button" variant="success" disabled={busy} onClick={submit(true)}>
              {busy ? T.saving : T.publish}
            </Button>
            <Button type="submit" variant="outline-success" disabled={busy}>
              {T.saveDraft}
            </Button>
          </>
        ) : (
          <Button type="submit" variant="success" disabled={busy}>
            {busy ? T.saving : T.saveChanges}
          </Button>
        )}
        <Link
          className="btn btn-link"
          to={activity ? paths.activity.getHref(activity.id) : paths.activities.getHref()}
        >
          {T.cancel}
        </Link>
      </div>
    </Form>
  );
}
