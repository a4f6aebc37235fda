import type { AuthorizationText } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestConfig } from '../../../lib/api-client';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { AuthorizationTextPage } from './authorization-text-page';

const TEXT: AuthorizationText = {
  version: 1,
  body: 'Yo, {tutor}, autorizo a {educando}.',
  created_at: '2026-09-01T10:00:00Z',
  delegate_name: '',
  delegate_contact: '',
};

describe('the autorización’s text', () => {
  it('shows the current version and what each placeholder becomes', async () => {
    signIn({ role: 'admin' });
    stubApi({ 'GET /admin/authorization-text': [200, TEXT] });
    renderApp(<AuthorizationTextPage />, { route: '/admin/autorizacion' });
    const current = await screen.findByTestId('authorization-text-current');
    expect(current).toHaveTextContent(
      'Versión 1, del 1 de septiembre de 2026Yo, {tutor}, autorizo a {educando}.',
    );
    const placeholders = within(screen.getByTestId('placeholders'))
      .getAllByRole('listitem')
      .map((t) => t.textContent);
    expect(placeholders).toHaveLength(13);
    expect(placeholders.slice(0, 3)).toEqual([
      '{tutor}: el nombre completo de quien firma',
      '{dni}: su DNI o NIE',
      '{educando}: el nombre del educando',
    ]);
    expect(placeholders[12]).toBe(
      '{clausula_medica}: la cláusula médica: «Autorizo a que, en caso de urgencia y no pudiendo localizarme, se tomen las decisiones médico-quirúrgicas oportunas bajo prescripción facultativa.»',
    );
    expect(screen.getByRole('link', { name: 'Autorización' })).toHaveAttribute(
      'href',
      '/admin/autorizacion',
    );
  });

  it('saves a new version, with the server’s error beside the text', async () => {
    signIn({ role: 'admin' });
    let text = TEXT;
    const sent: unknown[] = [];
    const { user } = (() => {
      stubApi({
        'GET /admin/authorization-text': () => [200, text],
        'POST /admin/authorization-text': (config: RequestConfig) => {
          const { body } = JSON.parse(String(config.data));
          sent.push(body);
          if (body.includes('{fecha}')) {
            return [
              400,
              {
                message: 'Revisa los datos.',
                errors: [
                  { field: 'body', message: 'El texto usa marcadores que no existen: {fecha}.' },
                ],
              },
            ];
          }
          text = { ...text, version: 2, body, created_at: '2026-11-28T10:00:00Z' };
          return [201, text];
        },
      });
      return renderApp(<AuthorizationTextPage />, { route: '/admin/autorizacion' });
    })();
    await screen.findByTestId('authorization-text-current');
    await user.click(screen.getByRole('button', { name: 'Partir del texto actual' }));
    const field = screen.getByLabelText('Texto de la nueva versión');
    expect(field).toHaveValue('Yo, {tutor}, autorizo a {educando}.');
    await user.type(field, ' El {{fecha}');
    await user.click(screen.getByRole('button', { name: 'Guardar versión nueva' }));
    expect(field).toHaveAccessibleDescription('El texto usa marcadores que no existen: {fecha}.');
    await user.clear(field);
    await user.type(field, 'Yo, {{tutor}, autorizo a {{educando} en {{lugar}.');
    await user.click(screen.getByRole('button', { name: 'Guardar versión nueva' }));
    expect(await screen.findByText('Versión 2 guardada.')).toBeVisible();
    await waitFor(() =>
      expect(screen.getByTestId('authorization-text-current')).toHaveTextContent(
        'Versión 2, del 28 de noviembre de 2026Yo, {tutor}, autorizo a {educando} en {lugar}.',
      ),
    );
    expect(sent).toEqual([
      'Yo, {tutor}, autorizo a {educando}. El {fecha}',
      'Yo, {tutor}, autorizo a {educando} en {lugar}.',
    ]);
  });

  it('shows the delegado/a and sends the admin to Salvaguarda to choose them', async () => {
    signIn({ role: 'admin' });
    stubApi({ 'GET /admin/authorization-text': [200, TEXT] });
    renderApp(<AuthorizationTextPage />, { route: '/admin/autorizacion' });
    expect(
      await screen.findByText(
        'Todavía no hay delegado/a de protección: las autorizaciones dirán «sin indicar» en su lugar.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Elegir en Salvaguarda' })).toHaveAttribute(
      'href',
      '/admin/salvaguarda#delegado',
    );
    expect(screen.queryByLabelText('Nombre')).not.toBeInTheDocument();
  });

  it('names the delegado/a chosen', async () => {
    signIn({ role: 'admin' });
    stubApi({
      'GET /admin/authorization-text': [
        200,
        { ...TEXT, delegate_name: 'Lucía Prieto', delegate_contact: '600 000 000' },
      ],
    });
    renderApp(<AuthorizationTextPage />, { route: '/admin/autorizacion' });
    expect(await screen.findByTestId('delegate-current')).toHaveTextContent(
      'Lucía Prieto · 600 000 000',
    );
  });

  it('is not for a scouter', () => {
    signIn({ role: 'scouter' });
    const calls = stubApi({});
    renderApp(<AuthorizationTextPage />, { route: '/admin/autorizacion' });
    expect(
      screen.getByText(
        'Solo la administración del grupo puede cambiar el texto de la autorización.',
      ),
    ).toBeVisible();
    expect(calls).toEqual([]);
  });
});
