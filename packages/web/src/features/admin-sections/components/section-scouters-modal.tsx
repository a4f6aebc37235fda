import type { Section } from '@fogata/shared';
import { useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { DismissibleAlert } from '../../../components/dismissible-alert';
import { EmailAddress } from '../../../components/email-address';
import { Loading } from '../../../components/loading';
import { useScouterAccounts, useSectionScouters, useSetScouters } from '../api/families';
import { SECTIONS_TEXTS as T } from '../texts';

interface Props {
  section: Section;
  onHide: () => void;
  onSaved: (message: string) => void;
}

/** Assign the scouters of a section: a checkbox per account whose role is scouter. */
export function SectionScoutersModal({ section, onHide, onSaved }: Props) {
  const ids = useId();
  const current = useSectionScouters(section.id);
  const accounts = useScouterAccounts(true);
  const save = useSetScouters();
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (current.data && chosen === null) setChosen(new Set(current.data.map((s) => s.id)));
  }, [current.data, chosen]);

  const toggle = (id: number) =>
    setChosen((set) => {
      const next = new Set(set);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    setFailure(null);
    try {
      const result = await save.mutateAsync({ id: section.id, userIds: [...chosen] });
      onSaved(result.message);
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  let body: React.ReactNode;
  if (!current.data || !accounts.data || chosen === null) {
    body = current.isError || accounts.isError ? null : <Loading label={T.scoutersLoading} />;
  } else if (accounts.data.length === 0) {
    body = <p className="mb-0">{T.scoutersNone}</p>;
  } else {
    body = (
      <fieldset>
        <legend className="visually-hidden">{T.scoutersTitle(section.name)}</legend>
        {accounts.data.map((u) => (
          <Form.Check
            key={u.id}
            id={`${ids}-${u.id}`}
            className="mb-2"
            checked={chosen.has(u.id)}
            onChange={() => toggle(u.id)}
            label={
              <span className="text-break">
                {u.name}{' '}
                <span className="text-body-secondary small">
                  (<EmailAddress email={u.email} />)
                </span>
              </span>
            }
          />
        ))}
      </fieldset>
    );
  }

  return (
    <Modal show onHide={onHide} centered aria-labelledby={`${ids}-title`}>
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={T.close}>
          <Modal.Title as="h2" className="h5" id={`${ids}-title`}>
            {T.scoutersTitle(section.name)}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small text-body-secondary">{T.scoutersIntro}</p>
          <DismissibleAlert
            variant="danger"
            message={failure ?? current.error?.message ?? accounts.error?.message}
            onClose={() => setFailure(null)}
          />
          {body}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onHide} disabled={save.isPending}>
            {T.cancel}
          </Button>
          <Button type="submit" variant="success" disabled={save.isPending || chosen === null}>
            {save.isPending ? T.saving : T.save}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
