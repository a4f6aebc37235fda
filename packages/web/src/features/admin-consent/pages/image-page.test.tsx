import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ScanBlock } from './image-page';

describe("the background scan's block on 'Imagen'", () => {
  it('counts the images looked at, and says which the scan gave up on are blurred whole', () => {
    const { rerender } = render(
      <ScanBlock progress={{ total: 12000, remaining: 2000, given_up: 0 }} />,
    );
    expect(screen.getByText('10.000 de 12.000 imágenes revisadas.')).toBeInTheDocument();
    expect(screen.queryByText(/no se pudieron buscar caras/)).toBeNull();
    rerender(<ScanBlock progress={{ total: 12000, remaining: 0, given_up: 2 }} />);
    expect(screen.getByText('Todas las imágenes guardadas se han revisado.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'En 2 imágenes no se pudieron buscar caras: se ven difuminadas enteras hasta que un scouter las revise en «Revisar caras».',
      ),
    ).toBeInTheDocument();
    rerender(<ScanBlock progress={{ total: 12000, remaining: 0, given_up: 1 }} />);
    expect(
      screen.getByText(
        'En 1 imagen no se pudieron buscar caras: se ven difuminadas enteras hasta que un scouter las revise en «Revisar caras».',
      ),
    ).toBeInTheDocument();
  });
});
