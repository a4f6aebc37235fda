import { AUTHORIZATION_MESSAGES, ROLE_LABELS, type Role } from '@fogata/shared';
import type { MailMessage } from './mailer.js';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A mail's HTML: the group's name, its paragraphs (escaped) and one button to `link`. */
export function layout(
  groupName: string,
  paragraphs: string[],
  link: string,
  button: string,
): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n');
  return `<!doctype html>
<html lang="es"><body style="font-family: sans-serif; line-height: 1.5; color: #222">
<h2>${escapeHtml(groupName)}</h2>
${body}
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;background:#c0392b;color:#fff;text-decoration:none;border-radius:4px">${escapeHtml(button)}</a></p>
<p style="font-size: 0.9em">Si el botón no funciona, copia este enlace en tu navegador:<br>${escapeHtml(link)}</p>
</body></html>`;
}

/** The invitation e-mail: who invites, with which role, the link and how long it is valid. */
export function invitationMail(opts: {
  to: string;
  groupName: string;
  role: Role;
  link: string;
  days: number;
  /** How many children the invitation links: never their names (a mail can be forwarded). */
  children?: number;
}): MailMessage {
  const validity = opts.days === 1 ? '1 día' : `${opts.days} días`;
  const paragraphs = [
    'Hola:',
    `Te han invitado a unirte a la web de ${opts.groupName} con el rol ${ROLE_LABELS[opts.role]}.${familyLine(opts.children ?? 0)}`,
    'Para crear tu cuenta, abre el enlace y completa el registro.',
    `La invitación es válida durante ${validity}. Si no esperabas este correo, puedes ignorarlo.`,
  ];
  return {
    to: opts.to,
    subject: `Invitación a ${opts.groupName}`,
    text: `${paragraphs.slice(0, 3).join('\n\n')}\n\n${opts.link}\n\n${paragraphs[3]}\n`,
    html: layout(opts.groupName, paragraphs, opts.link, 'Completar registro'),
    link: opts.link,
  };
}

/**
 * What an invitation that carries children says of them (decision 050): how many, never who, so
 * a forwarded mail names no child; the names are in 'Mis educandos' once the account exists.
 */
function familyLine(children: number): string {
  if (children === 0) return '';
  return children === 1
    ? ' Tu cuenta quedará vinculada a 1 educando del grupo: verás su nombre en «Mis educandos» al entrar.'
    : ` Tu cuenta quedará vinculada a ${children} educandos del grupo: verás sus nombres en «Mis educandos» al entrar.`;
}

/** The password reset e-mail: the link, valid for one hour, single use. */
export function passwordResetMail(opts: {
  to: string;
  groupName: string;
  link: string;
}): MailMessage {
  const paragraphs = [
    'Hola:',
    `Hemos recibido una solicitud para restablecer tu contraseña de ${opts.groupName}.`,
    'Abre el enlace para elegir una contraseña nueva.',
    'El enlace es válido durante 1 hora y solo se puede usar una vez. Si no lo has pedido tú, ignora este correo: tu contraseña no cambiará.',
  ];
  return {
    to: opts.to,
    subject: `Restablece tu contraseña de ${opts.groupName}`,
    text: `${paragraphs.slice(0, 3).join('\n\n')}\n\n${opts.link}\n\n${paragraphs[3]}\n`,
    html: layout(opts.groupName, paragraphs, opts.link, 'Restablecer contraseña'),
    link: opts.link,
  };
}

/**
 * To each scouter and admin when a member asks for a photo to be hidden (decision 018): the photo
 * is already hidden; the link opens 'Solicitudes de retirada'. No image in the mail.
 */
export function removalRequestMail(opts: {
  to: string;
  groupName: string;
  albumTitle: string;
  requesterName: string;
  reason: string | null;
  link: string;
}): MailMessage {
  const paragraphs = [
    'Hola:',
    `${opts.requesterName} ha pedido que se retire una foto del álbum «${opts.albumTitle}».`,
    opts.reason ? `Motivo: ${opts.reason}` : 'No ha indicado ningún motivo.',
    'La foto ya está oculta para todos salvo los scouters y administradores. Revisa la solicitud para eliminarla, mantenerla oculta o volver a mostrarla.',
  ];
  return {
    to: opts.to,
    subject: `Solicitud de retirada de una foto en ${opts.groupName}`,
    text: `${paragraphs.join('\n\n')}\n\n${opts.link}\n`,
    html: layout(opts.groupName, paragraphs, opts.link, 'Revisar la solicitud'),
    link: opts.link,
  };
}

/** One kind of content in a digest: its heading, its items with links, and where to see all. */
export interface DigestMailSection {
  heading: string;
  /** `image`: an inline picture (an album's cover, decision 138), by its content id. */
  items: {
    title: string;
    link: string;
    image?: { cid: string; alt: string; width: number; height: number };
  }[];
  /** How many there are in all (more than listed: a line points to `allLink`). */
  total: number;
  allLink: string;
}

const DIGEST_FREQUENCY_TEXT = { daily: 'cada día', weekly: 'cada semana' } as const;

/**
 * The digest of what is new (decision 022): the group's name, each kind of new content with its
 * links, how often it comes and a one-click unsubscribe link (also in the List-Unsubscribe
 * headers, RFC 8058, whose URL the mail client POSTs to).
 */
export function digestMail(opts: {
  to: string;
  name: string;
  groupName: string;
  frequency: 'daily' | 'weekly';
  sections: DigestMailSection[];
  profileLink: string;
  unsubscribeLink: string;
  oneClickUrl: string;
  /** The inline images the items name. */
  attachments?: MailMessage['attachments'];
}): MailMessage {
  const sections = opts.sections.filter((s) => s.items.length > 0);
  const more = (s: DigestMailSection) => s.total - s.items.length;
  const moreText = (s: DigestMailSection) => (more(s) === 1 ? 'y 1 más' : `y ${more(s)} más`);
  const intro = `Esto es lo nuevo en la web de ${opts.groupName}:`;
  const footer: [string, string] = [
    `Recibes este resumen ${DIGEST_FREQUENCY_TEXT[opts.frequency]} porque eres miembro de ${opts.groupName}. Puedes cambiar la frecuencia en «Editar Perfil»:`,
    'Para no recibir más resúmenes, date de baja con un clic:',
  ];

  const text = [
    `Hola, ${opts.name}:`,
    intro,
    ...sections.map((s) =>
      [
        `${s.heading}:`,
        ...s.items.map((i) => `- ${i.title}: ${i.link}`),
        ...(more(s) > 0 ? [`- ${moreText(s)}: ${s.allLink}`] : []),
      ].join('\n'),
    ),
    `${footer[0]}\n${opts.profileLink}`,
    `${footer[1]}\n${opts.unsubscribeLink}`,
  ].join('\n\n');

  const link = (href: string, label: string) =>
    `<a href="${escapeHtml(href)}" style="color:#c0392b">${escapeHtml(label)}</a>`;
  const picture = (href: string, image: NonNullable<DigestMailSection['items'][number]['image']>) =>
    `<a href="${escapeHtml(href)}"><img src="cid:${escapeHtml(image.cid)}" alt="${escapeHtml(image.alt)}" width="${image.width}" height="${image.height}" style="display:block;max-width:100%;height:auto;border-radius:6px;margin:6px 0 2px"></a>`;
  const html = `<!doctype html>
<html lang="es"><body style="font-family: sans-serif; line-height: 1.5; color: #222">
<h2>${escapeHtml(opts.groupName)}</h2>
<p>${escapeHtml(`Hola, ${opts.name}:`)}</p>
<p>${escapeHtml(intro)}</p>
${sections
  .map(
    (s) => `<h3 style="font-size:1.1em;margin-bottom:4px">${escapeHtml(s.heading)}</h3>
<ul>
${s.items.map((i) => `<li>${i.image ? picture(i.link, i.image) : ''}${link(i.link, i.title)}</li>`).join('\n')}${
  more(s) > 0 ? `\n<li>${link(s.allLink, moreText(s))}</li>` : ''
}
</ul>`,
  )
  .join('\n')}
<hr style="border:none;border-top:1px solid #ddd;margin-top:24px">
<p style="font-size:0.9em;color:#555">${escapeHtml(footer[0])} ${link(opts.profileLink, 'Editar Perfil')}.</p>
<p style="font-size:0.9em;color:#555">${escapeHtml(footer[1])} ${link(opts.unsubscribeLink, 'Darme de baja')}.</p>
</body></html>`;

  return {
    to: opts.to,
    subject: `Novedades en ${opts.groupName}`,
    text: `${text}\n`,
    html,
    headers: {
      'List-Unsubscribe': `<${opts.oneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    ...(opts.attachments?.length ? { attachments: opts.attachments } : {}),
  };
}

/**
 * A guardian asked for their child to be blurred in a photo ('Fotos de mi
 * educando'). The blur is already applied for everyone but the managers; the managers are told,
 * as with a removal request. The child is named by their section's managers only: the mail says
 * which album, not who (a mail is read on any phone).
 */
export function faceBlurRequestMail(opts: {
  to: string;
  groupName: string;
  albumTitle: string;
  requesterName: string;
  link: string;
}): MailMessage {
  const paragraphs = [
    'Hola:',
    `${opts.requesterName} ha pedido que se difumine la cara de su hijo o hija en una foto del álbum «${opts.albumTitle}».`,
    'La cara ya se ve difuminada para todos salvo los scouters y administradores. No hace falta que hagas nada más; si la foto no debería estar en el álbum, puedes ocultarla o eliminarla.',
  ];
  return {
    to: opts.to,
    subject: `Petición de difuminar una cara en ${opts.groupName}`,
    text: `${paragraphs.join('\n\n')}\n\n${opts.link}\n`,
    html: layout(opts.groupName, paragraphs, opts.link, 'Ver el álbum'),
    link: opts.link,
  };
}

/**
 * A signed autorización, to the guardian who signed it, with its PDF attached. The child is named
 * in the PDF only, not in the subject or the body a mail client shows in lists.
 */
export function signedAuthorizationMail(opts: {
  to: string;
  groupName: string;
  signer: string;
  activityTitle: string;
  link: string;
  pdf: { filename: string; content: Buffer };
}): MailMessage {
  const paragraphs = AUTHORIZATION_MESSAGES.mailParagraphs(opts.signer, opts.activityTitle);
  return {
    to: opts.to,
    subject: AUTHORIZATION_MESSAGES.mailSubject(opts.activityTitle),
    text: `${paragraphs.join('\n\n')}\n\n${opts.link}\n`,
    html: layout(opts.groupName, paragraphs, opts.link, AUTHORIZATION_MESSAGES.mailButton),
    link: opts.link,
    attachments: [
      { filename: opts.pdf.filename, contentType: 'application/pdf', content: opts.pdf.content },
    ],
  };
}
