import type { Section } from '@fogata/shared';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { WHO_WE_ARE_TEXTS as T } from '../texts';

/** A section as the page shows it: its name, ages and (for the four defaults) its description. */
export interface ShownSection {
  key: string;
  name: string;
  from: number;
  to: number;
  text?: string;
}

/**
 * The sections to show: the group's (GET /sections), each of the four default names with its own
 * text; the four defaults as they are while the answer is not there (it travels in the page, so
 * this is rare) or could not be read: what a new installation has, so nothing moves when it comes.
 */
export function shownSections(data: Section[] | undefined): ShownSection[] {
  if (!data || data.length === 0) {
    return T.sections.map((s) => ({
      key: s.name,
      name: s.name,
      from: s.from,
      to: s.to,
      text: s.text,
    }));
  }
  return data.map((s) => ({
    key: String(s.id),
    name: s.name,
    from: s.min_age,
    to: s.max_age,
    text: T.sections.find((d) => d.name === s.name)?.text,
  }));
}

/** The group's age sections, one small card each. */
export function AgeSections({ sections }: { sections: ShownSection[] }) {
  return (
    <section aria-labelledby="sections-heading" className="mb-5">
      <h2 id="sections-heading" className="h4 mb-3">
        {T.sectionsHeading}
      </h2>
      <Row xs={1} sm={2} lg={4} className="g-3">
        {sections.map((section) => (
          <Col key={section.key}>
            <Card
              as="article"
              className="h-100 shadow-sm border-0"
              aria-labelledby={`section-${section.key}`}
            >
              <Card.Body>
                <Card.Title as="h3" className="h5 mb-1 text-break" id={`section-${section.key}`}>
                  {section.name}
                </Card.Title>
                <p className="small fw-semibold text-success-emphasis mb-2">
                  {T.ages(section.from, section.to)}
                </p>
                {section.text && <Card.Text className="small mb-0">{section.text}</Card.Text>}
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <p className="mt-3 mb-0">{T.scoutersIntro}</p>
    </section>
  );
}
