import type { Monitor } from '@fogata/shared';
import { useId } from 'react';
import Card from 'react-bootstrap/Card';
import { CardDeleteButton, CardEditButton } from '../../../components/card-buttons';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';
import { TruncatedText } from '../../../components/truncated-text';
import { WHO_WE_ARE_TEXTS as T } from '../texts';

/** Characters of a description shown before 'Mostrar más'. */
const DESCRIPTION_SHOWN = 180;

interface MonitorCardProps {
  monitor: Monitor;
  /** Admin only: the card offers what the server would allow (the permissions table). */
  onEdit?: (monitor: Monitor) => void;
  onDelete?: (monitor: Monitor) => void;
}

/** One scouter under 'Nuestros Scouters': photo, name, role, description. */
export function MonitorCard({ monitor, onEdit, onDelete }: MonitorCardProps) {
  const nameId = useId();
  return (
    <Card
      as="article"
      className="h-100 shadow-sm border-0 overflow-hidden monitor-card"
      aria-labelledby={nameId}
    >
      <ImageWithPlaceholder
        src={monitor.thumb_url ?? monitor.image_url}
        placeholder={monitor.placeholder}
        width={monitor.width}
        height={monitor.height}
        ratio={1}
        alt={T.photoOf(monitor.name)}
        className="monitor-card-photo"
      />
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h5 mb-1 text-break" id={nameId}>
          {monitor.name}
        </Card.Title>
        <p className="small fw-semibold text-success-emphasis mb-2 text-break">
          {monitor.role_description}
        </p>
        <TruncatedText
          text={monitor.description}
          max={DESCRIPTION_SHOWN}
          className="card-text small text-body-secondary mb-0 monitor-description"
        />
        {(onEdit || onDelete) && (
          <div className="mt-auto pt-3 d-flex justify-content-end gap-1">
            {onEdit && (
              <CardEditButton
                label={T.editMonitor}
                describedBy={nameId}
                onClick={() => onEdit(monitor)}
              />
            )}
            {onDelete && (
              <CardDeleteButton
                label={T.deleteMonitor}
                describedBy={nameId}
                onClick={() => onDelete(monitor)}
              />
            )}
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
