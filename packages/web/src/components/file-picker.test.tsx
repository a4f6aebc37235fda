import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chosenText, FilePicker } from './file-picker';

describe('FilePicker', () => {
  it('words the choice in Spanish', () => {
    expect(chosenText(null)).toBe('Ningún archivo seleccionado.');
    expect(chosenText([])).toBe('Ningún archivo seleccionado.');
    expect(chosenText(['portada.jpg'])).toBe('portada.jpg');
    expect(chosenText(['a.jpg', 'b.jpg', 'c.jpg'])).toBe('3 archivos seleccionados');
  });

  it('keeps the real input labelled and working', async () => {
    const onChange = vi.fn();
    render(
      <>
        <label htmlFor="f">Fotos</label>
        <FilePicker id="f" buttonText="Elegir fotos" chosen={null} multiple onChange={onChange} />
      </>,
    );
    expect(screen.getByText('Elegir fotos')).toBeInTheDocument();
    expect(screen.getByText('Ningún archivo seleccionado.')).toBeInTheDocument();
    const input = screen.getByLabelText('Fotos');
    await userEvent.upload(input, new File(['x'], 'a.png', { type: 'image/png' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
