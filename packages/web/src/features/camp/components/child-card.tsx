import type { CampChild, HealthRecord } from '@fogata/shared';
import Badge from 'react-bootstrap/Badge';
import { formatMadrid } from '../../../lib/madrid-time';
import { CAMP_TEXTS as T } from '../texts';

const H = T.health;

let euros: Intl.NumberFormat | undefined;
const money = (cents: number) => {
  euros ??= new Intl.NumberFormat('es-ES', { style: 'currency', currency: 'EUR' });
  return euros.format(cents / 100);
};

/** A phone number as a `tel:` URI: digits and a leading +. */
const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** One labelled line of the ficha; an empty text reads «Ninguna». */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <>
      <dt className="col-12 col-sm-4 fw-semibold">{label}</dt>
      <dd className="col-12 col-sm-8 mb-2 text-break">{value || H.none}</dd>
    </>
  );
}

function Ficha({ health, headingId }: { health: HealthRecord; headingId: string }) {
  return (
    <>
      {/* Allergies first, and loud when there are any: what a scouter must not miss. */}
      <section
        aria-labelledby={`${headingId}-allergies`}
        className={health.allergies ? 'alert alert-danger p-2 mb-2' : 'border rounded p-2 mb-2'}
      >
        <h4 className="h6 fw-bold mb-1" id={`${headingId}-allergies`}>
          {H.allergies}
        </h4>
        <p className="mb-0 text-break">{health.allergies || H.none}</p>
      </section>
      <h4 className="h6 fw-bold mt-3 mb-1">{H.medications}</h4>
      {health.medications.length === 0 ? (
        <p className="mb-2">{H.none}</p>
      ) : (
        <ul className="list-unstyled mb-2">
          {health.medications.map((m) => (
            <li key={`${m.name} ${m.dose} ${m.schedule}`} className="mb-1">
              <strong>{m.name}</strong>
              {m.dose && ` · ${H.medicationDose}: ${m.dose}`}
              {m.schedule && ` · ${H.medicationSchedule}: ${m.schedule}`}
              <br />
              <span className={m.scouters_may_give ? 'text-success' : 'text-danger'}>
                {m.scouters_may_give ? T.mayGive : T.mayNotGive}
              </span>
            </li>
          ))}
        </ul>
      )}
      <dl className="row mb-0">
        <Fact label={H.diet} value={health.diet} />
        <Fact label={H.conditions} value={health.conditions} />
        <Fact label={H.healthCard} value={health.health_card} />
        <Fact label={H.canSwim} value={T.swim[health.can_swim]} />
        <Fact label={H.notes} value={health.notes} />
      </dl>
      <h4 className="h6 fw-bold mt-2 mb-1">{H.contacts}</h4>
      <ul className="list-unstyled mb-0">
        {health.contacts.map((c) => (
          <li key={`${c.name} ${c.phone}`} className="mb-2">
            <a
              href={telHref(c.phone)}
              className="btn btn-outline-success btn-sm text-start"
              aria-label={T.call(c.name, c.phone)}
            >
              {c.name} ({c.relation}) · {c.phone}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A child of the pack: the ficha, whom to call, the autorización and the payment. */
export function ChildCard({ child }: { child: CampChild }) {
  const headingId = `camp-child-${child.child_id}`;
  return (
    <section className="card shadow-sm border-0 mb-3" aria-labelledby={headingId}>
      <div className="card-body p-3">
        <h3 className="h5 mb-1" id={headingId}>
          {child.name}
        </h3>
        <p className="small text-body-secondary mb-2">
          {child.section && `${T.section(child.section)} · `}
          {T.signup[child.signup]}
        </p>
        {child.health ? (
          <>
            <Ficha health={child.health} headingId={headingId} />
            <p className="small text-body-secondary mt-2 mb-0">
              {child.health_confirmed_at
                ? T.healthConfirmed(formatMadrid(child.health_confirmed_at))
                : T.healthNotConfirmed}
            </p>
          </>
        ) : (
          <p className="text-danger mb-0">{T.noHealth}</p>
        )}
        <dl className="row mb-0 mt-2 small">
          <dt className="col-5">{T.authorization}</dt>
          <dd className="col-7 mb-1">
            <Badge
              bg={
                child.authorization === 'missing' || child.authorization === 'partial'
                  ? 'danger'
                  : 'success'
              }
            >
              {T.authorizationLabels[child.authorization]}
            </Badge>
          </dd>
          <dt className="col-5">{T.payment}</dt>
          <dd className="col-7 mb-0">
            {child.payment
              ? T.paid(money(child.payment.amount_cents), T.paymentMethods[child.payment.method])
              : T.notPaid}
          </dd>
        </dl>
      </div>
    </section>
  );
}
