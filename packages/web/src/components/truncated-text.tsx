import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';

/**
 * Hidden parts shorter than this are shown at once: 'Mostrar más' is not worth a click that
 * reveals only a final full stop or a word.
 */
export const MIN_HIDDEN = 15;

/**
 * Text cut at `max` characters, with 'Mostrar más' / 'Mostrar menos' when it is longer by at
 * least MIN_HIDDEN characters (otherwise the whole text shows).
 */
export function TruncatedText({
  text,
  max,
  className,
}: {
  text: string | null | undefined;
  max: number;
  className?: string;
}) {
  const [expanded, setExpanded] = useState(false);
  const id = useId();
  if (!text) return null;
  const long = text.slice(max).trim().length >= MIN_HIDDEN;
  const shown = long && !expanded ? `${text.slice(0, max).trimEnd()}…` : text;
  return (
    <p className={['text-break', className].filter(Boolean).join(' ')}>
      <span id={id}>{shown}</span>
      {long && (
        <>
          {' '}
          <Button
            variant="link"
            size="sm"
            className="p-0 align-baseline"
            aria-expanded={expanded}
            aria-controls={id}
            onClick={() => setExpanded((e) => !e)}
          >
            {expanded ? 'Mostrar menos' : 'Mostrar más'}
          </Button>
        </>
      )}
    </p>
  );
}
