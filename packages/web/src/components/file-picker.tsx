import type { ChangeEvent, Ref } from 'react';

export interface FilePickerProps {
  id: string;
  /** The visible button text, e.g. 'Elegir fotos'. */
  buttonText: string;
  /** What is chosen now: the file names, or null for none. */
  chosen: string[] | null;
  multiple?: boolean;
  accept?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  'aria-describedby'?: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

const NONE = 'Ningún archivo seleccionado.';

/** What the picker shows beside its button for the chosen files. */
export function chosenText(chosen: string[] | null): string {
  if (!chosen || chosen.length === 0) return NONE;
  if (chosen.length === 1) return chosen[0] as string;
  return `${chosen.length} archivos seleccionados`;
}

/**
 * A file input that speaks Spanish: the browser's own control shows its button in the browser's
 * language ('Choose File'), so the real input lies transparent over a Spanish button and keeps its
 * label, keyboard focus and drag-and-drop.
 */
export function FilePicker({
  id,
  buttonText,
  chosen,
  multiple,
  accept = 'image/*',
  disabled,
  inputRef,
  onChange,
  ...rest
}: FilePickerProps) {
  return (
    <div className={`file-picker input-group${disabled ? ' file-picker-disabled' : ''}`}>
      <span className="btn btn-outline-secondary" aria-hidden="true">
        {buttonText}
      </span>
      <span className="form-control text-truncate text-body-secondary" aria-hidden="true">
        {chosenText(chosen)}
      </span>
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={rest['aria-describedby']}
        className="file-picker-input"
        onChange={onChange}
      />
    </div>
  );
}
