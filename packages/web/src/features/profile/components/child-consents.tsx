import {
  CONSENT_PURPOSE_LABELS,
  type ConsentPurpose,
  type ConsentStatus,
  type OwnChild,
} from '@fogata/shared';
import { useId, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Form from 'react-bootstrap/Form';
import Placeholder from 'react-bootstrap/Placeholder';
import { formatLongDate } from '../../../lib/format-date';
import { useAnswerConsent, useChildConsents } from '../api/consents';
import { CONSENT_TEXTS as T } from '../texts';

/** A purpose's state in words, with a badge colour that is not the only sign (the text says it). */
function StateBadge({ status }: { status: ConsentStatus }) {
  return (
    <Badge bg={STATE_BG[status.state]} className="text-wrap text-start fw-normal">
      {STATE_TEXT[status.state]}
    </Badge>
  );
}

const STATE_BG = { granted: 'success', refused: 'danger', none: 'secondary' } as const;
const STATE_TEXT = { granted: T.granted, refused: T.refused, none: T.none } as const;

/** Who gave the answer that counts, and since when. */
function Provenance({ status }: { status: ConsentStatus }) {
  if (!status.given_by || !status.at) return null;
  return (
    <span className="small text-body-secondary">
      {T.givenBy[status.given_by]}, {T.since(formatLongDate(status.at))}
    </span>
  );
}

/**
 * A child's image consent in 'Mis educandos' (decision 074): the current text, and per
 * purpose the state today with a Sí/No choice. With no answer, neither is chosen and the screen
 * says the face is not shown. From the 14th birthday the choices go: the young person's own
 * consent counts, and a scouter records it.
 */
export function ChildConsents({ child }: { child: OwnChild }) {
  const ids = useId();
  const consents = useChildConsents(child.id);
  const answer = useAnswerConsent(child.id);
  // The choice being saved shows at once; the server's answer then replaces it (or an error undoes it).
  const [saving, setSaving] = useState<{ purpose: ConsentPurpose; granted: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);

  if (consents.isPending) {
    return (
      <Placeholder as="p" animation="glow" className="mb-0" aria-hidden="true">
        <Placeholder xs={10} />
      </Placeholder>
    );
  }
  if (consents.isError) return <p className="text-danger small mb-0">{consents.error.message}</p>;

  const data = consents.data;
  const anyOutdated = data.purposes.some((p) => p.outdated);
  const choose = async (purpose: ConsentPurpose, granted: boolean) => {
    setError(null);
    setSaving({ purpose, granted });
    try {
      await answer.mutateAsync({ purpose, granted });
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSaving(null);
    }
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="w-100 mt-2">
      <h3 className="h6 mb-1" id={`${ids}-title`}>
        {T.title}
      </h3>
      {data.own_counts ? (
        <Alert variant="info" className="small py-2 mb-2">
          {T.ownCounts(child.full_name)}
        </Alert>
      ) : (
        <p className="small text-body-secondary mb-2">{T.intro}</p>
      )}
      {!data.own_counts && anyOutdated && (
        <Alert variant="warning" className="small py-2 mb-2">
          {T.askedAgain}
        </Alert>
      )}
      <details className="small mb-2">
        <summary>{T.readText(data.text.version)}</summary>
        <p className="mt-2 mb-0" style={{ whiteSpace: 'pre-line' }}>
          {data.text.body}
        </p>
      </details>
      {error && (
        <Alert variant="danger" className="small py-2 mb-2">
          {error}
        </Alert>
      )}
      <div>
        {data.purposes.map((status) => {
          const label = CONSENT_PURPOSE_LABELS[status.purpose];
          const name = `${ids}-${status.purpose}`;
          const current =
            saving?.purpose === status.purpose
              ? saving.granted
              : status.state === 'none'
                ? null
                : status.state === 'granted';
          return (
            <div key={status.purpose} className="border-top py-2" data-purpose={status.purpose}>
              <div className="fw-semibold">{label}</div>
              <div className="d-flex flex-wrap align-items-center gap-2">
                <StateBadge status={status} />
                <Provenance status={status} />
              </div>
              {status.outdated && !data.own_counts && (
                <div className="small fst-italic">{T.outdated}</div>
              )}
              {!data.own_counts && (
                <fieldset className="mt-1" disabled={saving !== null}>
                  <legend className="visually-hidden">
                    {T.choiceLabel(label, child.full_name)}
                  </legend>
                  <Form.Check
                    inline
                    type="radio"
                    id={`${name}-yes`}
                    name={name}
                    label={T.yes}
                    checked={current === true}
                    onChange={() => choose(status.purpose, true)}
                  />
                  <Form.Check
                    inline
                    type="radio"
                    id={`${name}-no`}
                    name={name}
                    label={T.no}
                    checked={current === false}
                    onChange={() => choose(status.purpose, false)}
                  />
                  {saving?.purpose === status.purpose && (
                    <span className="small text-body-secondary" role="status">
                      {T.saving}
                    </span>
                  )}
                </fieldset>
              )}
            </div>
          );
        })}
      </div>
    </section>
  );
}
