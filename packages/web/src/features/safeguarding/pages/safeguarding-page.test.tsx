import type { AdultCertificate, CertificatesList, SafeguardingSettings } from '@fogata/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/api-stub';
import { renderApp } from '../../../test/render';
import { signIn } from '../../../test/token';
import { SafeguardingPage } from './safeguarding-page';

const adult = (over: Partial<AdultCertificate>): AdultCertificate => ({
  user_id: 1,
  name: 'Marta Jefa',
  email: 'marta@example.org',
  role: 'admin',
  issued_on: null,
  checked_by_name: null,
  checked_at: null,
  due_on: null,
  state: 'missing',
  ...over,
});

const list: CertificatesList = {
  renewal_months: 12,
  adults: [
    adult({ user_id: 9, name: 'Pedro Scouter', email: 'pedro@example.org', role: 'scouter' }),
    adult({
      user_id: 7,
      name: 'Laura Scouter',
      email: 'laura@example.org',
      role: 'scouter',
      issued_on: '2025-12-01',
      due_on: '2026-12-01',
      checked_by_name: 'Marta Jefa',
      checked_at: '2025-12-02T10:00:00.000Z',
      state: 'due_soon',
    }),
    adult({
      issued_on: '2026-06-01',
      due_on: '2027-06-01',
      checked_by_name: 'Marta Jefa',
      state: 'current',
    }),
  ],
};

const settings: SafeguardingSettings = {
  staff_ratio: 10,
  certificate_renewal_months: 12,
  health_retention_days: 30,
  protection_delegate: null,
};

function setup(routes: Parameters<typeof stubApi>[0] = {}) {
  signIn({ id: 1, role: 'admin', name: 'Marta Jefa' });
  const calls = stubApi({
    'GET /safeguarding/certificates': [200, list],
    'GET /safeguarding/settings': [200, settings],
    ...routes,
  });
  return { calls, ...renderApp(<SafeguardingPage />, { route: '/admin/salvaguarda' }) };
}

const body = (calls: { method: string; url: string; data: unknown }[], key: string) =>
  JSON.parse(String(calls.findLast((c) => `${c.method} ${c.url}` === key)?.data));

describe('SafeguardingPage', () => {
  it('lists every adult with the state of their certificado, missing and due first', async () => {
    setup();
    const rows = within(
      await screen.findByRole('list', { name: 'Certificados de los adultos del grupo' }),
    ).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual([
      'Pedro ScouterScouterSin registrarpedro@example.orgRegistrar certificado',
      'Laura ScouterScouterCaduca prontolaura@example.orgCertificado del 1 de diciembre de 2025 · caduca el 1 de diciembre de 2026 · comprobado por Marta JefaRegistrar certificado',
      'Marta JefaAdministradorAl díamarta@example.orgCertificado del 1 de junio de 2026 · caduca el 1 de junio de 2027 · comprobado por Marta JefaRegistrar certificado',
    ]);
    expect(screen.getByText(/Se renueva cada 12 meses\.$/)).toBeVisible();
  });

  it('records a certificado with its date, refusing a date to come', async () => {
    const { user, calls } = setup({
      'POST /safeguarding/certificates': [201, adult({ user_id: 9, state: 'current' })],
    });
    await user.click(
      await screen.findByRole('button', { name: 'Registrar el certificado de Pedro Scouter' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Certificado negativo de Pedro Scouter',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Registrar certificado' }));
    expect(
      await within(dialog).findByText('La fecha del certificado no es válida (AAAA-MM-DD).'),
    ).toBeVisible();
    const date = within(dialog).getByLabelText('Fecha del certificado');
    await user.type(date, '2999-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar certificado' }));
    expect(
      await within(dialog).findByText('La fecha del certificado no puede ser posterior a hoy.'),
    ).toBeVisible();
    await user.clear(date);
    await user.type(date, '2026-11-02');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar certificado' }));
    expect(await screen.findByText('Certificado registrado.')).toBeVisible();
    expect(body(calls, 'POST /safeguarding/certificates')).toEqual({
      user_id: 9,
      issued_on: '2026-11-02',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('saves the settings, checked with the shared rules first', async () => {
    const { user, calls } = setup({
      'PUT /safeguarding/settings': [200, { ...settings, staff_ratio: 8 }],
    });
    const ratio = await screen.findByLabelText('Educandos por adulto, como mucho');
    expect(ratio).toHaveValue(10);
    await user.clear(ratio);
    await user.type(ratio, '80');
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(
      await screen.findByText(
        'Indica cuántos educandos puede haber como mucho por cada adulto (de 1 a 50).',
      ),
    ).toBeVisible();
    expect(ratio).toHaveFocus();
    await user.clear(ratio);
    await user.type(ratio, '8');
    await user.click(screen.getByRole('button', { name: 'Guardar ajustes' }));
    expect(await screen.findByText('Ajustes guardados.')).toBeVisible();
    expect(body(calls, 'PUT /safeguarding/settings')).toEqual({
      staff_ratio: 8,
      certificate_renewal_months: 12,
      health_retention_days: 30,
    });
  });

  it('names the delegado/a: an account of the group and a contact channel', async () => {
    const { user, calls } = setup({ 'PUT /admin/protection-delegate': [200, {}] });
    expect(
      await screen.findByText('El grupo aún no ha nombrado delegado/a de protección.'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Guardar delegado/a' }));
    expect(await screen.findByText('La persona elegida no es válida.')).toBeVisible();
    expect(screen.getByLabelText('Persona (scouter o administrador)')).toHaveFocus();
    expect(
      screen.getByText('Escribe cómo contactar con el delegado/a de protección.'),
    ).toBeVisible();
    await user.selectOptions(
      screen.getByLabelText('Persona (scouter o administrador)'),
      'Laura Scouter',
    );
    await user.type(
      screen.getByLabelText('Cómo contactar (correo o teléfono)'),
      'proteccion@example.org',
    );
    await user.click(screen.getByRole('button', { name: 'Guardar delegado/a' }));
    expect(await screen.findByText('Delegado/a de protección guardado.')).toBeVisible();
    expect(body(calls, 'PUT /admin/protection-delegate')).toEqual({
      user_id: 7,
      contact: 'proteccion@example.org',
    });
  });

  it('shows the delegado/a named, and says so when the list cannot load', async () => {
    setup({
      'GET /safeguarding/settings': [
        200,
        {
          ...settings,
          protection_delegate: { user_id: 7, name: 'Laura Scouter', contact: '600 000 000' },
        },
      ],
      'GET /safeguarding/certificates': [500, {}],
    });
    expect(await screen.findByLabelText('Persona (scouter o administrador)')).toHaveDisplayValue(
      'Laura Scouter',
    );
    expect(screen.getByLabelText('Cómo contactar (correo o teléfono)')).toHaveValue('600 000 000');
    expect(await screen.findByText('Error al obtener los datos de salvaguarda.')).toBeVisible();
  });

  it('is not for a scouter', () => {
    signIn({ role: 'scouter' });
    const calls = stubApi({});
    renderApp(<SafeguardingPage />, { route: '/admin/salvaguarda' });
    expect(screen.getByText('Solo un administrador puede ver esta página.')).toBeVisible();
    expect(calls).toEqual([]);
  });
});
