import {
  SECTION_AGE_MAX,
  SECTION_AGE_MIN,
  SERVER_ERRORS,
  type Section,
  sectionCreateSchema,
} from '@fogata/shared';
import { useEffect, useId, useState } from 'react';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { FormField } from '../../../components/form-field';
import { SectionBadge } from '../../../components/section-badge';
import { useSaveSection } from '../api/families';
import { SECTIONS_TEXTS as T } from '../texts';
import { FormModalFrame } from './form-modal-frame';

interface Props {
  show: boolean;
  /** null: a new section. */
  section: Section | null;
  onHide: () => void;
  onSaved: (message: string) => void;
}

/** A new section's colour until the admin picks one: unlike SPEC's four (teal). */
const NEW_SECTION_COLOUR = '#0e7490';

type Errors = Partial<Record<'name' | 'min_age' | 'max_age' | 'colour' | 'position', string>>;

/** Add or edit a section: name, ages, badge colour (with a preview) and order. */
export function SectionFormModal({ show, section, onHide, onSaved }: Props) {
  const ids = useId();
  const save = useSaveSection();
  const [name, setName] = useState('');
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const [colour, setColour] = useState(NEW_SECTION_COLOUR);
  const [position, setPosition] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (!show) return;
    setName(section?.name ?? '');
    setMin(section ? String(section.min_age) : '');
    setMax(section ? String(section.max_age) : '');
    setColour(section?.colour ?? NEW_SECTION_COLOUR);
    setPosition(section ? String(section.position) : '');
    setErrors({});
    setFailure(null);
  }, [show, section]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const input = {
      name,
      min_age: min === '' ? Number.NaN : Number(min),
      max_age: max === '' ? Number.NaN : Number(max),
      colour,
      ...(position !== '' && { position: Number(position) }),
    };
    const parsed = sectionCreateSchema.safeParse(input);
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
      const result = await save.mutateAsync({ id: section?.id, input: parsed.data });
      onSaved(result.message);
    } catch (error) {
      setFailure((error as Error).message || SERVER_ERRORS.validation);
    }
  };

  return (
    <FormModalFrame
      show={show}
      onHide={onHide}
      ids={ids}
      title={section ? T.editTitle(section.name) : T.createTitle}
      titleClassName="h5"
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
        maxLength={50}
        onChange={(e: React.ChangeEvent<HTMLInputElement>) => setName(e.target.value)}
        error={errors.name}
      />
      <Row className="g-2">
        <Col xs={6}>
          <FormField
            id={`${ids}-min`}
            label={T.fieldMin}
            type="number"
            inputMode="numeric"
            min={SECTION_AGE_MIN}
            max={SECTION_AGE_MAX}
            value={min}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setMin(e.target.value)}
            error={errors.min_age}
            className="mb-1"
          />
        </Col>
        <Col xs={6}>
          <FormField
            id={`${ids}-max`}
            label={T.fieldMax}
            type="number"
            inputMode="numeric"
            min={SECTION_AGE_MIN}
            max={SECTION_AGE_MAX}
            value={max}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setMax(e.target.value)}
            error={errors.max_age}
            className="mb-1"
          />
        </Col>
      </Row>
      <p className="form-text mt-0 mb-3">{T.agesHelp}</p>
      <Row className="g-2 align-items-start">
        <Col xs={6}>
          <Form.Group className="mb-3" controlId={`${ids}-colour`}>
            <Form.Label>{T.fieldColour}</Form.Label>
            <Form.Control
              type="color"
              value={colour}
              onChange={(e) => setColour(e.target.value)}
              isInvalid={!!errors.colour}
              className="w-100"
            />
            {errors.colour && (
              <Form.Control.Feedback type="invalid">{errors.colour}</Form.Control.Feedback>
            )}
          </Form.Group>
        </Col>
        <Col xs={6}>
          <FormField
            id={`${ids}-position`}
            label={T.fieldPosition}
            type="number"
            inputMode="numeric"
            min={1}
            value={position}
            help={T.positionHelp}
            onChange={(e: React.ChangeEvent<HTMLInputElement>) => setPosition(e.target.value)}
            error={errors.position}
          />
        </Col>
      </Row>
      <p className="mb-0">
        {T.preview} <SectionBadge section={{ id: 0, name: name.trim() || T.fieldName, colour }} />
      </p>
    </FormModalFrame>
  );
}
