import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { WHO_WE_ARE_TEXTS as T } from '../texts';

/** The four age sections of the group (SPEC §1), one small card each. */
export function AgeSections() {
  return (
    <section aria-labelledby="sections-heading" className="mb-5">
      <h2 id="sections-heading" className="h4 mb-3">
        {T.sectionsHeading}
      </h2>
      <Row xs={1} sm={2} lg={4} className="g-3">
        {T.sections.map((section) => (
          <Col key={section.name}>
            <Card
              as="article"
              className="h-100 shadow-sm border-0"
              aria-labelledby={`section-${section.name}`}
            >
              <Card.Body>
                <Card.Title as="h3" className="h5 mb-1" id={`section-${section.name}`}>
                  {section.name}
                </Card.Title>
                <p className="small fw-semibold text-success-emphasis mb-2">
                  {T.ages(section.from, section.to)}
                </p>
                <Card.Text className="small mb-0">{section.text}</Card.Text>
              </Card.Body>
            </Card>
          </Col>
        ))}
      </Row>
      <p className="mt-3 mb-0">{T.scoutersIntro}</p>
    </section>
  );
}
