import type { AuditEntry } from '@fogata/shared';
import { describe, expect, it } from 'vitest';
import { AUDIT_TEXTS } from './texts';

const sent = (details: Record<string, string>): AuditEntry => ({
  id: 1,
  actor_id: 1,
  actor_name: 'Marta',
  action: 'invitation.sent',
  target_type: 'invitation',
  target_id: 1,
  target_label: 'familia@example.org',
  details,
  created_at: '2025-03-07T10:00:00Z',
});

describe('AUDIT_TEXTS.describe of a sent invitation', () => {
  it('says how many children it carries, never who', () => {
    expect(AUDIT_TEXTS.describe(sent({ role: 'usuario' }))).toBe(
      'Invitó a familia@example.org como Usuario.',
    );
    expect(AUDIT_TEXTS.describe(sent({ role: 'usuario', children: '1' }))).toBe(
      'Invitó a familia@example.org como Usuario (familia de 1 educando).',
    );
    expect(AUDIT_TEXTS.describe(sent({ role: 'usuario', children: '2' }))).toBe(
      'Invitó a familia@example.org como Usuario (familia de 2 educandos).',
    );
  });
});

const entry = (
  action: AuditEntry['action'],
  label: string,
  details: Record<string, string> | null = null,
): AuditEntry => ({
  id: 1,
  actor_id: 1,
  actor_name: 'Marta',
  action,
  target_type: action.startsWith('section') ? 'section' : 'child',
  target_id: 3,
  target_label: label,
  details,
  created_at: '2026-09-01T10:00:00Z',
});

describe('the audit sentences of sections and children', () => {
  it('says what happened in Spanish', () => {
    const say = (e: AuditEntry) => AUDIT_TEXTS.describe(e);
    expect(say(entry('section.created', 'Castores'))).toBe('Creó la sección «Castores».');
    expect(say(entry('section.updated', 'Tropa', { change: 'edades 11–14 → 10–13' }))).toBe(
      'Modificó la sección «Tropa»: edades 11–14 → 10–13.',
    );
    expect(say(entry('section.retired', 'Clan'))).toBe('Retiró la sección «Clan».');
    expect(say(entry('child.created', 'Irene Gómez', { section: 'Manada' }))).toBe(
      'Añadió al educando Irene Gómez en Manada.',
    );
    expect(say(entry('child.updated', 'Irene Gómez', { fields: 'nombre' }))).toBe(
      'Modificó los datos del educando Irene Gómez.',
    );
    expect(say(entry('child.moved', 'Irene Gómez', { from: 'Manada', to: 'Tropa' }))).toBe(
      'Pasó al educando Irene Gómez de Manada a Tropa.',
    );
    expect(say(entry('child.moved', 'Iria Sale', { from: 'Clan' }))).toBe(
      'Dio de baja al educando Iria Sale, que estaba en Clan.',
    );
    expect(
      say(entry('guardian.linked', 'Irene Gómez', { guardian: 'Laura', email: 'l@example.org' })),
    ).toBe('Vinculó a Laura como familiar de Irene Gómez.');
    expect(say(entry('guardian.unlinked', 'Irene Gómez', { guardian: 'Laura' }))).toBe(
      'Desvinculó a Laura como familiar de Irene Gómez.',
    );
  });
});

describe('the audit sentence of a settings change', () => {
  it('names the setting in Spanish and whether it was switched on or off', () => {
    const change = (setting: string, to: string): AuditEntry => ({
      ...sent({}),
      action: 'settings.changed',
      target_type: 'settings',
      target_id: null,
      target_label: setting,
      details: { setting, from: to === 'on' ? 'off' : 'on', to },
    });
    expect(AUDIT_TEXTS.describe(change('image_consent_enforced', 'on'))).toBe(
      'Activó «Aplicar el consentimiento de imagen».',
    );
    expect(AUDIT_TEXTS.describe(change('publish_only_reviewed', 'off'))).toBe(
      'Desactivó «Publicar solo álbumes revisados».',
    );
  });
});

describe("the audit sentences of 'Dejar de difuminar' (decision 096)", () => {
  it("names the child by number for a family's, and the face's place for a manager's", () => {
    const family: AuditEntry = {
      ...sent({ child: '12' }),
      action: 'face.blur_withdrawn',
      target_type: 'photo',
      target_id: 40,
      target_label: 'Ruta de invierno',
    };
    expect(AUDIT_TEXTS.describe(family)).toBe(
      'Dejó de difuminar al educando n.º 12 en una foto del álbum «Ruta de invierno».',
    );
    const manager: AuditEntry = {
      ...sent({ image: 'foto', photo_id: '40', change: 'sin difuminar' }),
      action: 'faces.reviewed',
      target_type: 'album',
      target_id: 5,
      target_label: 'Ruta de invierno',
    };
    expect(AUDIT_TEXTS.describe(manager)).toBe(
      'Dejó de difuminar una cara que la familia pidió difuminar, en una foto del álbum «Ruta de invierno».',
    );
  });
});
