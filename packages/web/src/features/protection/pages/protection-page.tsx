import { CAMP_ERRORS, CAMP_LIMITS, protectionMessageInputSchema } from '@fogata/shared';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { BannerAlert, DismissibleAlert } from '../../../components/dismissible-alert';
import { FormField } from '../../../components/form-field';
import { LoadState } from '../../../components/load-state';
import { SubmitButton } from '../../../components/submit-button';
import { useAuth } from '../../../lib/auth';
import type { Banner } from '../../../lib/banner';
import { useProtectionDelegate } from '../../../lib/protection-delegate-api';
import { type MessageBody, useSendMessage } from '../api/protection-api';
import { PROTECTION_TEXTS as T } from '../texts';

type Field = 'body' | 'name' | 'reply_to';

/** The message form: signed in or not; the name and a way to answer are the writer's choice. */
function MessageForm({ onSent }: { onSent: (message: string) => void }) {
  const ids = useId();
  const { user } = useAuth();
  const send = useSendMessage();
  const [values, setValues] = useState<Record<Field, string>>({
    body: '',
    name: '',
    reply_to: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [banner, setBanner] = useState<Banner>(null);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setBanner(null);
    // Only what was written: an empty name or way to answer is not sent at all.
    const body: MessageBody = { body: values.body };
    if (values.name.trim()) body.name = values.name;
    if (values.reply_to.trim()) body.reply_to = values.reply_to;
    const parsed = protectionMessageInputSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as Field] ??= issue.message;
      setErrors(found);
      document.getElementById(`${ids}-${Object.keys(found)[0]}`)?.focus();
      return;
    }
    setErrors({});
    try {
      const { message } = await send.mutateAsync(parsed.data);
      onSent(message);
    } catch (err) {
      setBanner({ variant: 'danger', message: (err as Error).message });
    }
  };

  const change = (field: Field) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  return (
    <Form noValidate onSubmit={submit}>
      <BannerAlert banner={banner} onClose={() => setBanner(null)} />
      <FormField
        id={`${ids}-body`}
        label={T.body}
        as="textarea"
        rows={7}
        maxLength={CAMP_LIMITS.protectionBodyMax}
        value={values.body}
        error={errors.body}
        onChange={change('body')}
      />
      {user ? (
        <p className="small text-body-secondary">{T.signedIn(user.name)}</p>
      ) : (
        <FormField
          id={`${ids}-name`}
          label={T.name}
          maxLength={CAMP_LIMITS.protectionNameMax}
          autoComplete="name"
          value={values.name}
          error={errors.name}
          onChange={change('name')}
        />
      )}
      <FormField
        id={`${ids}-reply_to`}
        label={T.replyTo}
        help={T.replyToHelp}
        maxLength={CAMP_LIMITS.protectionReplyMax}
        value={values.reply_to}
        error={errors.reply_to}
        onChange={change('reply_to')}
      />
      <SubmitButton busy={send.isPending} label={T.send} busyLabel={T.sending} className="" />
    </Form>
  );
}

/** /proteccion: anyone (signed in or not) writes to the delegado/a de protección. */
export function ProtectionPage() {
  const delegate = useProtectionDelegate();
  const [sent, setSent] = useState<string | null>(null);

  let body: React.ReactNode;
  if (delegate.data === undefined) body = <LoadState query={delegate} rows={3} />;
  else if (delegate.data === null) {
    body = <DismissibleAlert variant="info" message={CAMP_ERRORS.noDelegate} dismissible={false} />;
  } else if (sent) {
    body = (
      <>
        <DismissibleAlert variant="success" message={sent} dismissible={false} />
        <Button variant="outline-dark" onClick={() => setSent(null)}>
          {T.another}
        </Button>
      </>
    );
  } else {
    body = (
      <>
        <p className="fw-semibold text-break">
          {T.delegateIs(delegate.data.name, delegate.data.contact)}
        </p>
        <Card className="shadow-sm border-0">
          <Card.Body>
            <MessageForm onSent={setSent} />
          </Card.Body>
        </Card>
      </>
    );
  }

  return (
    <article className="pb-5" style={{ maxWidth: '44rem' }}>
      <h1 className="h2 mb-3">{T.title}</h1>
      <p>{T.intro}</p>
      {body}
    </article>
  );
}
