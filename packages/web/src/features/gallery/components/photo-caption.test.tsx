import { MSG } from '@fogata/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { photoData } from '../test/data';
import { PhotoCaption } from './photo-caption';

describe('PhotoCaption', () => {
  it('shows the caption to a member, with nothing to edit', () => {
    signIn({ role: 'usuario' });
    stubApi({});
    renderApp(<PhotoCaption photo={{ ...photoData(5), description: 'Cena junto al lago' }} />);
    expect(screen.getByText('Cena junto al lago')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('lets a manager add one, with the hint, and sends it trimmed or as null', async () => {
    signIn({ role: 'scouter' });
    const calls = stubApi({
      'PUT /photos/5': [200, { ...photoData(5), description: 'Subida al pico' }],
    });
    const { user } = renderApp(<PhotoCaption photo={{ ...photoData(5), description: null }} />);
    await user.click(screen.getByRole('button', { name: 'Añadir pie de foto' }));
    const field = screen.getByLabelText('Pie de foto (opcional)');
    expect(field).toHaveAttribute('maxlength', '500');
    expect(field).toHaveAccessibleDescription(
      expect.stringContaining('no escribas nombres completos de niños y niñas'),
    );
    await user.type(field, 'Subida al pico');
    expect(screen.getByText('14/500')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByRole('button', { name: 'Añadir pie de foto' })).toBeInTheDocument();
    expect(JSON.parse(calls[0]?.data as string)).toEqual({ description: 'Subida al pico' });
  });

  it("keeps the form open with the server's message when saving fails", async () => {
    signIn({ role: 'admin' });
    stubApi({ 'PUT /photos/5': [400, { message: MSG.photoCaptionTooLong }] });
    const { user } = renderApp(<PhotoCaption photo={{ ...photoData(5), description: 'Viejo' }} />);
    await user.click(screen.getByRole('button', { name: 'Editar pie de foto' }));
    await user.clear(screen.getByLabelText('Pie de foto (opcional)'));
    await user.type(screen.getByLabelText('Pie de foto (opcional)'), 'Nuevo');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText(MSG.photoCaptionTooLong)).toBeInTheDocument();
    expect(screen.getByLabelText('Pie de foto (opcional)')).toHaveValue('Nuevo');
  });
});
