import { type AuditEntry, CAMP_SETTING_LABELS, ROLE_LABELS, type Role } from '@fogata/shared';

const role = (value: string | undefined) => ROLE_LABELS[value as Role] ?? value ?? '';
const quoted = (label: string | null) => (label ? ` «${label}»` : '');

/** How a removal request was resolved (`details.how` of 'hide_request.resolved'). */
const RESOLUTIONS: Record<string, string> = {
  delete: 'eliminó la foto',
  keep: 'la mantuvo oculta',
  show: 'la volvió a mostrar',
};

/** The group's settings by their key (`details.setting` of 'settings.changed'). */
const SETTING_LABELS: Record<string, string> = {
  image_consent_enforced: 'Aplicar el consentimiento de imagen',
  publish_only_reviewed: 'Publicar solo álbumes revisados',
};

/** Texts of the admin panel's 'Registro de actividad'. */
export const AUDIT_TEXTS = {
  title: 'Registro de actividad',
  intro:
    'Quién hizo qué y cuándo con los álbumes, las fotos y las cuentas. Solo se puede consultar: nadie puede modificarlo ni borrarlo desde la aplicación.',
  empty: 'Todavía no hay actividad registrada.',
  when: 'Cuándo',
  who: 'Quién',
  what: 'Qué',
  pagination: 'Páginas del registro de actividad',
  total: (n: number) => (n === 1 ? '1 entrada' : `${n} entradas`),
  /** What an entry records, in one Spanish sentence. */
  describe(entry: AuditEntry): string {
    const d = entry.details ?? {};
    const label = entry.target_label;
    switch (entry.action) {
      case 'album.published':
        return `Publicó el álbum${quoted(label)}.`;
      case 'album.unpublished':
        return `Volvió a borrador el álbum${quoted(label)}.`;
      case 'album.audience_changed':
        return `Cambió quién ve el álbum${quoted(label)}: de ${d.from ?? ''} a ${d.to ?? ''}.`;
      case 'album.deleted':
        return `Eliminó el álbum${quoted(label)}${d.photos ? ` con sus ${d.photos} fotos` : ''}.`;
      case 'photo.hidden':
        return `Pidió retirar una foto del álbum${quoted(label)}: quedó oculta.`;
      case 'photo.deleted':
        return `Eliminó una foto del álbum${quoted(label)}.`;
      case 'hide_request.resolved':
        return `Resolvió una solicitud de retirada del álbum${quoted(label)}: ${RESOLUTIONS[d.how ?? ''] ?? d.how ?? ''}.`;
      case 'user.role_changed':
        return `Cambió el rol de ${label ?? d.email} de ${role(d.from)} a ${role(d.to)}.`;
      case 'user.deleted':
        return `Eliminó la cuenta de ${label ?? ''}${d.email ? ` (${d.email})` : ''}.`;
      case 'invitation.sent': {
        // An invitation that carries children records how many, never who (decision 050).
        const n = Number(d.children ?? 0);
        const family = n > 0 ? ` (familia de ${n === 1 ? '1 educando' : `${n} educandos`})` : '';
        return `Invitó a ${label ?? ''} como ${role(d.role)}${family}.`;
      }
      case 'invitation.revoked':
        return `Revocó la invitación de ${label ?? ''}.`;
      case 'section.created':
        return `Creó la sección${quoted(label)}.`;
      case 'section.updated':
        return `Modificó la sección${quoted(label)}${d.change ? `: ${d.change}` : ''}.`;
      case 'section.retired':
        return `Retiró la sección${quoted(label)}.`;
      case 'child.created':
        return `Añadió al educando ${label ?? ''}${d.section ? ` en ${d.section}` : ''}.`;
      case 'child.updated':
        return `Modificó los datos del educando ${label ?? ''}.`;
      case 'child.moved':
        return d.to
          ? `Pasó al educando ${label ?? ''} de ${d.from ?? ''} a ${d.to}.`
          : `Dio de baja al educando ${label ?? ''}, que estaba en ${d.from ?? ''}.`;
      case 'guardian.linked':
        return `Vinculó a ${d.guardian ?? ''} como familiar de ${label ?? ''}.`;
      case 'guardian.unlinked':
        return `Desvinculó a ${d.guardian ?? ''} como familiar de ${label ?? ''}.`;
      // One entry per review saved; the child is never named.
      case 'faces.reviewed': {
        const where =
          entry.target_type === 'album'
            ? `${d.image === 'portada' ? 'la portada' : 'una foto'} del álbum${quoted(label)}`
            : entry.target_type === 'news'
              ? `la imagen de la noticia${quoted(label)}`
              : `la imagen de la experiencia${quoted(label)}`;
        return d.change === 'dibujada'
          ? `Dibujó una cara en ${where}.`
          : d.change === 'borrada'
            ? `Borró una cara dibujada en ${where}.`
            : d.change === 'sin difuminar'
              ? `Dejó de difuminar una cara que la familia pidió difuminar, en ${where}.`
              : `Revisó una cara en ${where}: ${d.change ?? ''}.`;
      }
      // By the child's number, never their name (decision 071).
      case 'consent.recorded':
        return `${d.granted === 'sí' ? 'Autorizó' : 'No autorizó'} «${d.purpose ?? ''}» para el educando n.º ${entry.target_id ?? ''} (${d.given_by ?? ''}).`;
      case 'consent_text.created':
        return `Escribió la versión ${d.version ?? ''} del texto del consentimiento de imagen.`;
      case 'face.blur_requested':
        return `Pidió difuminar al educando n.º ${d.child ?? ''} en una foto del álbum${quoted(label)}.`;
      case 'face.blur_withdrawn':
        return `Dejó de difuminar al educando n.º ${d.child ?? ''} en una foto del álbum${quoted(label)}.`;
      // Decision 088.
      case 'settings.changed':
        return `${d.to === 'on' ? 'Activó' : 'Desactivó'} «${SETTING_LABELS[d.setting ?? ''] ?? d.setting ?? ''}».`;
      // The autorización: by the child's number, never their name nor a DNI.
      case 'authorization.signed':
        return `Firmó la autorización del educando n.º ${d.child ?? ''} para la actividad${quoted(label)}.`;
      case 'authorization.withdrawn':
        return `Retiró su firma de la autorización del educando n.º ${d.child ?? ''} para la actividad${quoted(label)}.`;
      case 'authorization.paper_recorded':
        return `Registró una autorización en papel del educando n.º ${d.child ?? ''} para la actividad${quoted(label)}.`;
      case 'authorization_text.created':
        return `Escribió la versión ${d.version ?? ''} del texto de la autorización.`;
      case 'protection_delegate.changed':
        return 'Cambió el delegado/a de protección del grupo.';
      case 'dni.changed':
        return 'Cambió su DNI/NIE.';
      // Activities' board: the child by number, never their name.
      case 'activity.payment_recorded':
        return `Marcó como pagado al educando n.º ${d.child ?? ''} en la actividad${quoted(label)}.`;
      case 'activity.payment_deleted':
        return `Desmarcó el pago del educando n.º ${d.child ?? ''} en la actividad${quoted(label)}.`;
      case 'activity.reminders_sent':
        return `Recordó la actividad${quoted(label)} a ${d.families === '1' ? '1 familia' : `${d.families ?? ''} familias`} sin responder.`;
      // Activities (issue 36); a child by number, never by name.
      case 'activity.created':
        return `Creó la actividad${quoted(label)}.`;
      case 'activity.updated':
        return `Modificó la actividad${quoted(label)}${d.fields ? `: ${d.fields}` : ''}.`;
      case 'activity.status_changed':
        return `Pasó la actividad${quoted(label)} de «${d.from ?? ''}» a «${d.to ?? ''}».`;
      case 'activity.deleted':
        return `Eliminó el borrador de la actividad${quoted(label)}.`;
      case 'activity.signup_changed':
        return `Cambió la respuesta del educando n.º ${d.child ?? ''} a la actividad${quoted(label)}: de «${d.from ?? ''}» a «${d.to ?? ''}».`;
      // La ficha sanitaria: the child by number, never its content.
      case 'health.saved':
        return `Guardó la ficha sanitaria del educando n.º ${entry.target_id ?? ''}.`;
      case 'health.confirmed':
        return d.activity
          ? `Confirmó que la ficha sanitaria del educando n.º ${entry.target_id ?? ''} está al día para la actividad n.º ${d.activity}.`
          : `Confirmó que la ficha sanitaria del educando n.º ${entry.target_id ?? ''} está al día.`;
      // The adults around the children (issue 37): never a certificate's content, only its date.
      case 'safeguarding.certificate_recorded':
        return `Registró el certificado negativo de ${label ?? ''}, con fecha ${d.issued_on ?? ''}.`;
      case 'safeguarding.settings_changed':
        return `Cambió «${CAMP_SETTING_LABELS[d.setting ?? ''] ?? d.setting ?? ''}» de ${d.from ?? ''} a ${d.to ?? ''}.`;
    }
  },
} as const;
