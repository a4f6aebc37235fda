import {
  DEFAULT_INVITATION_ROLE,
  type InvitationChild,
  invitationFormSchema,
  MSG,
  parseId,
  ROLE_LABELS,
  ROLES,
  type SendInvitationsResponse,
  splitEmails,
} from '@fogata/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { ChildPicker } from '../../../components/child-picker';
import { CopyButton } from '../../../components/copy-button';
import { type AlertVariant, BannerAlert } from '../../../components/dismissible-alert';
import { CHILD_PICKER_TEXTS } from '../../../lib/admin-texts';
import { usePreselectedChild } from '../../../lib/child-search-api';
import { useSendInvitations } from '../api/send-invitations';

interface Result {
  variant: AlertVariant;
  message: string;
  errors?: SendInvitationsResponse['results']['errors'];
  links?: { email: string; link: string }[];
}

/** Picks the alert for a send: warning when some addresses failed, success otherwise. */
export function resultOf(response: SendInvitationsResponse): Result {
  const { sent, errors } = response.results;
  const links = sent.flatMap((s) => (s.link ? [{ email: s.email, link: s.link }] : []));
  return {
    variant: errors.length > 0 ? 'warning' : 'success',
    message: response.message,
    errors,
    links,
  };
}

/**
 * 'Enviar Nuevas Invitaciones': addresses one per line, the role they get, and optionally the
 * children each new account will be the guardian of. `?educando={id}` (the children list's
 * "Invitar a la familia") preselects that child and the role usuario.
 */
export function InviteForm() {
  const mutation = useSendInvitations();
  const [result, setResult] = useState<Result | null>(null);
  const [children, setChildren] = useState<InvitationChild[]>([]);
  const [params] = useSearchParams();
  const preselectId = parseId(params.get('educando') ?? '');
  const preselected = usePreselectedChild(preselectId);
  const {
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(invitationFormSchema),
    defaultValues: { emails: '', role: DEFAULT_INVITATION_ROLE },
  });

  // The linked child arrives once: chosen, and the role is a family's.
  const child = preselected.data;
  useEffect(() => {
    if (!child) return;
    setChildren((current) =>
      current.some((c) => c.id === child.id)
        ? current
        : [...current, { id: child.id, full_name: child.full_name, section: child.section }],
    );
    setValue('role', 'usuario');
  }, [child, setValue]);

  const onSubmit = handleSubmit(async ({ emails, role }) => {
    setResult(null);
    const addresses = splitEmails(emails);
    if (addresses.length === 0) {
      setResult({ variant: 'danger', message: MSG.invitationNoValidEmails });
      return;
    }
    try {
      const ids = children.map((c) => c.id);
      const response = await mutation.mutateAsync({
        // Every address invited is a guardian of the chosen children (two parents, say).
        invitations: addresses.map((email) =>
          ids.length ? { email, role, children: ids } : { email, role },
        ),
      });
      const next = resultOf(response);
      setResult(next);
      if (next.variant === 'success') {
        reset();
        setChildren([]);
      }
    } catch (error) {
      setResult({ variant: 'danger', message: (error as Error).message });
    }
  });

  return (
    <section aria-labelledby="invite-title" className="mb-5">
      <h2 id="invite-title" className="h4 mb-3">
        Enviar Nuevas Invitaciones
      </h2>
      <BannerAlert banner={result} onClose={() => setResult(null)}>
        {!!result?.errors?.length && (
          <ul className="mb-0 mt-2 ps-3">
            {result.errors.map((e) => (
              <li key={e.email}>
                {e.email}: {e.error}
              </li>
            ))}
          </ul>
        )}
      </BannerAlert>
      {!!result?.links?.length && (
        <div className="border rounded p-3 mb-3 bg-body">
          <p className="fw-semibold mb-2">
            No hay correo configurado: pasa estos enlaces a cada persona.
          </p>
          <ul className="list-unstyled mb-0 d-grid gap-2">
            {result.links.map(({ email, link }) => (
              <li
                key={email}
                className="d-flex flex-column flex-sm-row gap-2 align-items-sm-center"
              >
                <div className="flex-grow-1 min-w-0">
                  <div className="fw-semibold text-break">{email}</div>
                  <code className="invitation-link small">{link}</code>
                </div>
                <CopyButton text={link} label="Copiar enlace" />
              </li>
            ))}
          </ul>
        </div>
      )}
      <Form noValidate onSubmit={onSubmit} className="card card-body border-0 shadow-sm">
        <Form.Group className="mb-3" controlId="invite-emails">
          <Form.Label>Emails (uno por línea)</Form.Label>
          <Form.Control
            as="textarea"
            rows={4}
            placeholder={'ana@ejemplo.org\nluis@ejemplo.org'}
            isInvalid={!!errors.emails}
            aria-invalid={errors.emails ? true : undefined}
            aria-describedby={errors.emails ? 'invite-emails-error' : undefined}
            {...register('emails')}
          />
          {errors.emails && (
            <Form.Control.Feedback type="invalid" id="invite-emails-error">
              {errors.emails.message}
            </Form.Control.Feedback>
          )}
        </Form.Group>
        {preselected.isError && (
          <p className="text-danger small" role="alert">
            {CHILD_PICKER_TEXTS.preselectFailed}
          </p>
        )}
        <ChildPicker value={children} onChange={setChildren} />
        <div className="d-flex flex-column flex-sm-row gap-3 align-items-sm-end">
          <Form.Group controlId="invite-role" className="flex-grow-1">
            <Form.Label>Rol</Form.Label>
            <Form.Select
              isInvalid={!!errors.role}
              aria-invalid={errors.role ? true : undefined}
              aria-describedby={errors.role ? 'invite-role-error' : undefined}
              {...register('role')}
            >
              {[...ROLES].reverse().map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </Form.Select>
            {errors.role && (
              <Form.Control.Feedback type="invalid" id="invite-role-error">
                {errors.role.message}
              </Form.Control.Feedback>
            )}
          </Form.Group>
          <Button type="submit" variant="success" disabled={mutation.isPending}>
            {mutation.isPending && (
              <Spinner as="span" size="sm" animation="border" aria-hidden="true" className="me-2" />
            )}
            {mutation.isPending ? 'Enviando...' : 'Enviar Invitaciones'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
