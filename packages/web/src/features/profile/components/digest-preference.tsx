import { DIGEST_FREQUENCIES, DIGEST_LABELS, type DigestFrequency, MSG } from '@fogata/shared';
import { useId, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { type AlertVariant, BannerAlert } from '../../../components/dismissible-alert';
import { SubmitButton } from '../../../components/submit-button';
import { useUpdateDigest } from '../api/update-digest';
import { DIGEST_PREFERENCE_TEXTS as T } from '../texts';

type Status = { variant: AlertVariant; message: string } | null;

/** On 'Editar Perfil': how often the member gets the e-mail digest (decision 022). */
export function DigestPreference({ digest }: { digest: DigestFrequency }) {
  const ids = useId();
  const mutation = useUpdateDigest();
  const [choice, setChoice] = useState<DigestFrequency>(digest);
  const [status, setStatus] = useState<Status>(null);

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    setStatus(null);
    if (choice === digest) {
      setStatus({ variant: 'info', message: MSG.profileNoChanges });
      return;
    }
    try {
      const result = await mutation.mutateAsync(choice);
      setStatus({ variant: 'success', message: result.message });
    } catch (error) {
      setStatus({ variant: 'danger', message: (error as Error).message });
    }
  };

  return (
    <Card className="auth-card shadow-sm border-0 mt-4" data-testid="digest-preference">
      <Card.Body className="p-4">
        <h2 className="h5 mb-2" id={`${ids}-title`}>
          {T.title}
        </h2>
        <p className="text-body-secondary small">{T.intro}</p>
        <BannerAlert banner={status} onClose={() => setStatus(null)} />
        <Form noValidate onSubmit={onSubmit}>
          <fieldset className="mb-3">
            <legend className="form-label fs-6 mb-2">{T.legend}</legend>
            {DIGEST_FREQUENCIES.map((value) => (
              <Form.Check
                key={value}
                type="radio"
                id={`${ids}-${value}`}
                name={`${ids}-digest`}
                label={DIGEST_LABELS[value]}
                value={value}
                checked={choice === value}
                onChange={() => setChoice(value)}
              />
            ))}
          </fieldset>
          <SubmitButton busy={mutation.isPending} label={T.save} busyLabel={T.saving} />
        </Form>
      </Card.Body>
    </Card>
  );
}
