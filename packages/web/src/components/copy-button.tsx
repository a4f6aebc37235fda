import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { CopyIcon } from './icons';

/** Copies `text` to the clipboard and says so. */
export function CopyButton({ text, label = 'Copiar enlace' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      setTimeout(() => setCopied(false), 2000);
    } catch {
      setCopied(false);
    }
  };
  return (
    <Button variant="outline-secondary" size="sm" onClick={copy} className="text-nowrap">
      <CopyIcon className="me-1" />
      {copied ? 'Copiado' : label}
    </Button>
  );
}
