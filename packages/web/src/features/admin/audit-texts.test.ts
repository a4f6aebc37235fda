import type { AuditEntry } from '@fogata/shared';
import { describe, expect, it } from 'vitest';
import { AUDIT_TEXTS } from './audit-texts';

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
