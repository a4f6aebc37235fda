import { ACTIVITY_QUESTIONS_MAX, QUESTION_KINDS, type QuestionKind } from '@fogata/shared';
import { useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { type Control, type UseFormRegister, useFieldArray, useWatch } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { type ActivityFormValues, emptyQuestion, type FieldErrors } from '../form-values';
import { QUESTION_KIND_LABELS, ACTIVITY_FORM_TEXTS as T } from '../texts';

interface QuestionEditorProps {
  control: Control<ActivityFormValues>;
  register: UseFormRegister<ActivityFormValues>;
  errors: FieldErrors;
  disabled: boolean;
}

/** The activity's questions (up to ten): each its text, kind, options and whether it is required. */
export function QuestionEditor({ control, register, errors, disabled }: QuestionEditorProps) {
  const ids = useId();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'questions' });
  const kinds = useWatch({ control, name: 'questions' })?.map((q) => q.kind) ?? [];
  const full = fields.length >= ACTIVITY_QUESTIONS_MAX;
  const addRef = useRef<HTMLButtonElement>(null);

  /**
   * The focus after a move or a removal: on the moved question's heading (its buttons may have
   * just been disabled), or on «Añadir pregunta» once the question is gone.
   */
  const focusLater = (target: () => HTMLElement | null) =>
    requestAnimationFrame(() => target()?.focus());
  const moveTo = (from: number, to: number, fieldId: string) => {
    move(from, to);
    focusLater(() => document.getElementById(`${ids}-${fieldId}-heading`));
  };

  return (
    <fieldset disabled={disabled} aria-describedby={`${ids}-help`}>
      <legend className="h5">{T.questions}</legend>
      <Form.Text id={`${ids}-help`} className="d-block mb-2">
        {T.questionsHelp}
      </Form.Text>
      {errors.questions && <p className="text-danger small">{errors.questions}</p>}
      {fields.length === 0 && <p className="text-body-secondary small">{T.noQuestions}</p>}
      <ol className="list-unstyled mb-2">
        {fields.map((field, i) => {
          const n = i + 1;
          const kind: QuestionKind = kinds[i] ?? field.kind;
          return (
            <li key={field.id} className="mb-2">
              <Card className="border shadow-sm" data-testid="question">
                <Card.Body className="p-3">
                  <div className="d-flex align-items-center gap-1 mb-2">
                    <h3 className="h6 mb-0 me-auto" id={`${ids}-${field.id}-heading`} tabIndex={-1}>
                      {T.questionN(n)}
                    </h3>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-label={T.moveUp(n)}
                      title={T.moveUp(n)}
                      disabled={i === 0}
                      onClick={() => moveTo(i, i - 1, field.id)}
                    >
                      ↑
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      aria-label={T.moveDown(n)}
                      title={T.moveDown(n)}
                      disabled={i === fields.length - 1}
                      onClick={() => moveTo(i, i + 1, field.id)}
                    >
                      ↓
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={T.removeQuestion(n)}
                      title={T.removeQuestion(n)}
                      onClick={() => {
                        remove(i);
                        focusLater(() => addRef.current);
                      }}
                    >
                      ✕
                    </Button>
                  </div>
                  <FormField
                    id={`${ids}-${field.id}-label`}
                    label={T.questionLabel}
                    maxLength={200}
                    error={errors[`questions.${i}.label`]}
                    {...register(`questions.${i}.label`)}
                  />
                  <Form.Group className="mb-3" controlId={`${ids}-${field.id}-kind`}>
                    <Form.Label>{T.questionKind}</Form.Label>
                    <Form.Select {...register(`questions.${i}.kind`)}>
                      {QUESTION_KINDS.map((k) => (
                        <option key={k} value={k}>
                          {QUESTION_KIND_LABELS[k]}
                        </option>
                      ))}
                    </Form.Select>
                  </Form.Group>
                  {kind === 'choice' && (
                    <FormField
                      id={`${ids}-${field.id}-options`}
                      label={T.questionOptions}
                      as="textarea"
                      rows={3}
                      error={errors[`questions.${i}.options`]}
                      {...register(`questions.${i}.options`)}
                    />
                  )}
                  <Form.Check
                    type="switch"
                    id={`${ids}-${field.id}-required`}
                    label={T.questionRequired}
                    {...register(`questions.${i}.required`)}
                  />
                </Card.Body>
              </Card>
            </li>
          );
        })}
      </ol>
      <Button
        ref={addRef}
        variant="outline-success"
        disabled={full}
        onClick={() => append(emptyQuestion())}
      >
        {T.addQuestion}
      </Button>
    </fieldset>
  );
}
