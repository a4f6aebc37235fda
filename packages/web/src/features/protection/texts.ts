import { CAMP_LABELS } from '@fogata/shared';

/** The texts of writing to the delegado/a de protección, and of their inbox. */
export const PROTECTION_TEXTS = {
  title: CAMP_LABELS.writeToDelegate,
  intro:
    'Si algo te preocupa de cómo se trata a un educando (en una actividad, en el grupo o fuera de él), puedes contárselo al delegado/a de protección del grupo. Solo esa persona lee estos mensajes. No hace falta que digas quién eres.',
  delegateIs: (name: string, contact: string) =>
    `El delegado/a de protección es ${name}. También puedes contactar en ${contact}.`,
  loading: 'Cargando...',
  body: 'Tu mensaje',
  name: 'Tu nombre (opcional)',
  replyTo: 'Cómo responderte (opcional)',
  replyToHelp: 'Un correo o un teléfono, si quieres que te respondan.',
  signedIn: (name: string) =>
    `Escribes con tu cuenta: el delegado/a verá que el mensaje es de ${name}.`,
  send: 'Enviar mensaje',
  sending: 'Enviando...',
  sendFailed: 'Error al enviar el mensaje.',
  another: 'Escribir otro mensaje',

  // The inbox.
  inboxTitle: 'Mensajes al delegado/a de protección',
  inboxIntro:
    'Los mensajes que las familias, los educandos y cualquier persona te han escrito. Solo tú puedes leerlos; cada lectura queda anotada abajo.',
  inboxLoading: 'Cargando los mensajes...',
  inboxFailed: 'Error al obtener los mensajes.',
  inboxEmpty: 'Todavía no has recibido ningún mensaje.',
  messagesLabel: 'Mensajes recibidos',
  anonymous: 'Sin nombre',
  from: (who: string) => `De: ${who}`,
  account: (name: string) => `Enviado con la cuenta de ${name}`,
  reply: (how: string) => `Responder a: ${how}`,
  readsTitle: 'Registro de lecturas',
  readsIntro:
    'Quién ha leído los mensajes y cuándo. Este registro no forma parte del registro de actividad del grupo y no se puede borrar.',
  readsEmpty: 'Nadie ha leído todavía los mensajes.',
  readsFailed: 'Error al obtener el registro de lecturas.',
  readsColumns: ['Mensaje', 'Quién', 'Cuándo'] as const,
  messageNumber: (id: number) => `n.º ${id}`,
} as const;
