import { type Child, childCreateSchema, type Section, todayDate } from '@fogata/shared';
import { useEffect, useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { FormField } from '../../../components/form-field';
import { SectionBadge } from '../../../components/section-badge';
import { formatLongDate } from '../../../lib/format-date';
import { useChildDetail, useSaveChild } from '../api/families';
import { CHILDREN_TEXTS as T } from '../texts';
import { FormModalFrame } from './form-modal-frame';

/** A calendar date (`YYYY-MM-DD`) or an ISO time in words, read at midday so no zone moves the day. */
export const longDate = (value: string) =>
  formatLongDate(value.length === 10 ? `${value}T12:00:00` : value);

interface Props {
  show: boolean;
  /** null: a new child. */
  child: Child | null;
  /** The sections a child may go into (in use). */
  sections: Section[];
  onHide: () => void;
  onSaved: (message: string) => void;
}

type Errors = Partial<Record<'full_name' | 'birth_date' | 'section_id', string>>;

/** Add or edit a child: full name, birth date, section; on edit, active and their history. */
export function ChildFormModal({ show, child, sections, onHide, onSaved }: Props) {
  const ids = useId();
  const save = useSaveChild();
  const detail = useChildDetail(show && child ? child.id : null);
  const [name, setName] = useState('');
  const [birth, setBirth] = useState('');
  const [section, setSection] = useState('');
  const [active, setActive] = useState(true);
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!show) return;
    setName(child?.full_name ?? '');
    setBirth(child?.birth_date ?? '');
    setSection(child ? String(child.section.id) : '');
    setActive(child?.active ?? true);
    setErrors({});
    setFailure(null);
  }, [show, child]);

  // A child in a retired section keeps it on screen (and on save, unless moved).
  const choices: { id: number; name: string; ages?: string }[] = sections.map((s) => ({
    id: s.id,
    name: s.name,
    ages: `${s.min_age}–${s.max_age}`,
  }));
  if (child && !sections.some((s) => s.id === child.section.id)) choices.push(child.section);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const parsed = childCreateSchema.safeParse({
      full_name: name,
      birth_date: birth,
      section_id: section === '' ? undefined : Number(section),
    });
    if (!parsed.success) {
      const next: Errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Errors;
        next[field] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      const input = child ? { ...parsed.data, active } : parsed.data;
      const result = await save.mutateAsync({ id: child?.id, input });
      onSaved(result.message);
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  return (
    <FormModalFrame
      show={show}
      onHide={onHide}
      ids={ids}
      title={child ? T.editTitle(child.full_name) : T.createTitle}
      titleClassName="h5 text-break"
      failure={failure}
      onClearFailure={() => setFailure(null)}
      onSubmit={submit}
      busy={save.isPending}
      texts={T}
    >
      <FormField
        id={`${ids}-name`}
        label={T.fieldName}
        value={name}
        maxLength={150}
        autoComplete="off"
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => setName(e.target.value)}
        error={errors.full_name}
      />
      <FormField
        id={`${ids}-birth`}
        label={T.fieldBirth}
        type="date"
        max={todayDate()}
        value={birth}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => setBirth(e.target.value)}
        error={errors.birth_date}
      />
      <Form.Group className="mb-3" controlId={`${ids}-section`}>
        <Form.Label>{T.fieldSection}</Form.Label>
        <Form.Select
          value={section}
          onChange={(e) => setSection(e.target.value)}
          isInvalid={!!errors.section_id}
          aria-describedby={errors.section_id ? `${ids}-section-error` : undefined}
        >
          <option value="">{T.chooseSection}</option>
          {choices.map((s) => (
            <option key={s.id} value={s.id}>
              {s.ages ? `${s.name} (${s.ages})` : s.name}
            </option>
          ))}
        </Form.Select>
        {errors.section_id && (
          <Form.Control.Feedback type="invalid" id={`${ids}-section-error`}>
            {errors.section_id}
          </Form.Control.Feedback>
        )}
      </Form.Group>
      {child && (
        <>
          <Form.Check
            type="switch"
            id={`${ids}-active`}
            label={T.fieldActive}
            checked={active}
            onChange={(e) => setActive(e.target.checked)}
            aria-describedby={`${ids}-active-help`}
          />
          <Form.Text id={`${ids}-active-help`} className="d-block mb-3">
            {T.activeHelp}
          </Form.Text>
          {detail.data && detail.data.history.length > 0 && (
            <>
              <h3 className="h6">{T.history}</h3>
              <ListGroup as="ul" variant="flush" className="small">
                {detail.data.history.map((stay) => (
                  <ListGroup.Item
                    as="li"
                    key={`${stay.section.id}-${stay.started_at}`}
                    className="px-0 d-flex flex-wrap gap-2 align-items-center"
                  >
                    <SectionBadge section={stay.section} />
                    <span>
                      {stay.ended_at
                        ? T.between(longDate(stay.started_at), longDate(stay.ended_at))
                        : T.since(longDate(stay.started_at))}
                    </span>
                  </ListGroup.Item>
                ))}
              </ListGroup>
            </>
          )}
        </>
      )}
    </FormModalFrame>
  );
}
