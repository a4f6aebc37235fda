import { DismissibleAlert } from './dismissible-alert';

/** A section that a later version fills: its heading and a notice. */
export function ComingSoon({ title }: { title: string }) {
  return (
    <section>
      <h1 className="h2 mb-4">{title}</h1>
      <DismissibleAlert variant="info" message="Esta sección estará disponible pronto." />
    </section>
  );
}
