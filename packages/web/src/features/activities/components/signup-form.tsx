import { useId, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { BannerAlert } from '../../../components/dismissible-alert';
import { SubmitButton } from '../../../components/submit-button';
import type { Banner } from '../../../lib/banner';
import { useSaveSignup } from '../api/activities-api';
import type { Activity, ActivityQuestion, AnswerValue, ChildActivityStatus } from '../api/types';
import { useFocusFirstInvalid } from '../lib/use-focus-first-invalid';
import { ACTIVITY_TEXTS as T } from '../texts';

/** What the radios start at: a child who goes or waits has said «Va». */
function goingOf(child: ChildActivityStatus): boolean | null {
  if (child.signup === 'va' || child.signup === 'espera') return true;
  return child.signup === 'no_va' ? false : null;
}

/** An answer a required question lacks: empty text, or no choice made. */
const isBlank = (value: AnswerValue | undefined) =>
  value === undefined || (typeof value === 'string' && value.trim() === '');

/** A guardian's «Va» / «No va» for one child, and the activity's questions when they go. */
export function SignupForm({
  activity,
  child,
}: {
  activity: Activity;
  child: ChildActivityStatus;
}) {
  const ids = useId();
  const save = useSaveSignup();
  const [going, setGoing] = useState<boolean | null>(goingOf(child));
  const [answers, setAnswers] = useState<Record<string, AnswerValue>>(child.answers);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [banner, setBanner] = useState<Banner>(null);
  const { ref, focusFirstInvalid } = useFocusFirstInvalid();

  const full =
    activity.places !== null &&
    activity.taken >= activity.places &&
    child.signup !== 'va' &&
    child.signup !== 'espera';

  const setAnswer = (question: ActivityQuestion, value: AnswerValue) => {
    setAnswers((current) => ({ ...current, [question.id]: value }));
    setErrors(({ [String(question.id)]: _, ...rest }) => rest);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setBanner(null);
    const found: Record<string, string> = {};
    if (going === null) found.going = T.chooseGoing;
    if (going) {
      for (const q of activity.questions) {
        if (q.required && isBlank(answers[q.id])) found[q.id] = T.requiredAnswer;
      }
    }
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirstInvalid();
      return;
    }
    // Only the questions' own answers, trimmed; someone who does not go answers none.
    const sent: Record<string, AnswerValue> = {};
    if (going) {
      for (const q of activity.questions) {
        const value = answers[q.id];
        if (isBlank(value)) continue;
        sent[q.id] = typeof value === 'string' ? value.trim() : (value as boolean);
      }
    }
    try {
      const result = await save.mutateAsync({
        activityId: activity.id,
        childId: child.child_id,
        body: { going: going === true, answers: sent },
      });
      setBanner({
        variant: 'success',
        message:
          result.signup === 'espera'
            ? T.savedWaiting(child.child_name, result.waiting_position)
            : T.saved(child.child_name),
      });
    } catch (error) {
      setBanner({ variant: 'danger', message: (error as Error).message });
    }
  };

  return (
    <Form noValidate onSubmit={onSubmit} ref={ref}>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      <fieldset className="mb-3">
        <legend className="fs-6 fw-semibold">{T.answerLegend(child.child_name)}</legend>
        <div className="d-flex flex-wrap gap-3">
          <Form.Check
            type="radio"
            id={`${ids}-va`}
            name={`${ids}-going`}
            label={child.signup === 'espera' ? T.stayWaiting : T.signup.va}
            checked={going === true}
            onChange={() => {
              setGoing(true);
              setErrors(({ going: _, ...rest }) => rest);
            }}
            isInvalid={!!errors.going}
          />
          <Form.Check
            type="radio"
            id={`${ids}-no-va`}
            name={`${ids}-going`}
            label={T.signup.no_va}
            checked={going === false}
            onChange={() => {
              setGoing(false);
              setErrors(({ going: _, ...rest }) => rest);
            }}
            isInvalid={!!errors.going}
          />
        </div>
        {errors.going && (
          <div className="text-danger small mt-1" role="alert">
            {errors.going}
          </div>
        )}
        {full && going === true && <p className="small text-body-secondary mt-2 mb-0">{T.full}</p>}
      </fieldset>
      {going === true &&
        activity.questions.map((question) => (
          <QuestionField
            key={question.id}
            id={`${ids}-q${question.id}`}
            question={question}
            value={answers[question.id]}
            error={errors[question.id]}
            onChange={(value) => setAnswer(question, value)}
          />
        ))}
      <SubmitButton busy={save.isPending} label={T.save} busyLabel={T.saving} className="" />
    </Form>
  );
}

interface QuestionFieldProps {
  id: string;
  question: ActivityQuestion;
  value: AnswerValue | undefined;
  error: string | undefined;
  onChange: (value: AnswerValue) => void;
}

/** One question: a short text, yes or no, or one of a list; a required one says so. */
function QuestionField({ id, question, value, error, onChange }: QuestionFieldProps) {
  const errorId = `${id}-error`;
  const label = (
    <>
      {question.label}
      {question.required && (
        <span className="text-danger ms-1">
          <span aria-hidden="true">{T.requiredMark}</span>
          <span className="visually-hidden">({T.required})</span>
        </span>
      )}
    </>
  );
  const feedback = error && (
    <div id={errorId} className="text-danger small mt-1">
      {error}
    </div>
  );
  const invalid = error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};

  if (question.kind === 'yesno') {
    return (
      <fieldset className="mb-3" {...(error ? { 'aria-describedby': errorId } : {})}>
        <legend className="fs-6 mb-1">{label}</legend>
        <div className="d-flex gap-3">
          {[true, false].map((option) => (
            <Form.Check
              key={String(option)}
              type="radio"
              id={`${id}-${option}`}
              name={id}
              label={option ? T.yes : T.no}
              checked={value === option}
              onChange={() => onChange(option)}
              isInvalid={!!error}
            />
          ))}
        </div>
        {feedback}
      </fieldset>
    );
  }
  if (question.kind === 'choice') {
    return (
      <Form.Group className="mb-3" controlId={id}>
        <Form.Label>{label}</Form.Label>
        <Form.Select
          value={typeof value === 'string' ? value : ''}
          onChange={(event) => onChange(event.target.value)}
          isInvalid={!!error}
          {...invalid}
        >
          <option value="">{T.choose}</option>
          {(question.options ?? []).map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Form.Select>
        {feedback}
      </Form.Group>
    );
  }
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        value={typeof value === 'string' ? value : ''}
        maxLength={500}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={!!error}
        {...invalid}
      />
      {feedback}
    </Form.Group>
  );
}

/** The answers as given, when they may no longer be changed here. */
export function SignupAnswers({
  activity,
  child,
}: {
  activity: Activity;
  child: ChildActivityStatus;
}) {
  if (child.signup !== 'va' && child.signup !== 'espera') return null;
  if (activity.questions.length === 0) return null;
  return (
    <dl className="activity-facts small mb-3">
      {activity.questions.map((question) => {
        const value = child.answers[question.id];
        const shown =
          value === undefined || value === ''
            ? T.noAnswer
            : typeof value === 'boolean'
              ? value
                ? T.yes
                : T.no
              : value;
        return (
          <div key={question.id} className="activity-fact">
            <dt>{question.label}</dt>
            <dd>{shown}</dd>
          </div>
        );
      })}
    </dl>
  );
}
