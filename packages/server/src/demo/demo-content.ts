import type { ExperienceCategory, HealthRecordInput, Role } from '@fogata/shared';
import type { SceneKind } from './demo-images.js';

/**
 * The demo's Spanish content: what a scout group's site would hold after a year of use. Each
 * item says when in the year it happened (`when`) or how long ago (`daysAgo`), so lists come out
 * in a believable order, and which picture to draw for it (`scene`, with its seed).
 */

/** A person of the demo; the first of each role in `DEMO_ACCOUNTS` can sign in. */
export interface DemoPerson {
  key: string;
  name: string;
  email: string;
  role: Role;
  daysAgo: number;
}

/** The three accounts whose e-mail and password the console prints, one per role. */
export const DEMO_ACCOUNTS: DemoPerson[] = [
  {
    key: 'admin',
    name: 'Carmen Díaz',
    email: 'admin@demo.fogata.local',
    role: 'admin',
    daysAgo: 400,
  },
  {
    key: 'scouter',
    name: 'Diego Romero',
    email: 'scouter@demo.fogata.local',
    role: 'scouter',
    daysAgo: 380,
  },
  {
    key: 'usuario',
    name: 'Laura Gómez',
    email: 'usuario@demo.fogata.local',
    role: 'usuario',
    daysAgo: 200,
  },
];

/** More members, so likes and comments come from several people (no password is shown). */
export const DEMO_MEMBERS: DemoPerson[] = [
  {
    key: 'marta',
    name: 'Marta Sánchez',
    email: 'marta.sanchez@demo.fogata.local',
    role: 'usuario',
    daysAgo: 150,
  },
  {
    key: 'javier',
    name: 'Javier López',
    email: 'javier.lopez@demo.fogata.local',
    role: 'usuario',
    daysAgo: 120,
  },
  // A scouter who joined this round and has not brought the certificado negativo yet.
  {
    key: 'alberto',
    name: 'Alberto Núñez',
    email: 'alberto.nunez@demo.fogata.local',
    role: 'scouter',
    daysAgo: 20,
  },
];

/**
 * A month and day ('MM-DD'): the item is dated on its last occurrence up to today, so a
 * Christmas food drive is always dated in December and a summer camp in July.
 */
export type MonthDay = `${number}-${number}`;

interface Pictured {
  scene: SceneKind;
  seed: number;
  when: MonthDay;
}

export interface DemoMonitor {
  name: string;
  role_description: string;
  description?: string;
  seed: number;
  daysAgo: number;
}

/** The team in the order the page shows it (newest first): the group's leader, then by section. */
export const DEMO_MONITORS: DemoMonitor[] = [
  {
    name: 'Carmen Díaz',
    role_description: 'Jefa de Grupo',
    description:
      'Scout desde los ocho años y scouter desde hace quince. Coordina el kraal y se encarga de que ninguna salida se quede sin permiso firmado.',
    seed: 11,
    daysAgo: 30,
  },
  {
    name: 'Diego Romero',
    role_description: 'Scouter de Tropa',
    description:
      'Profesor de biología. Con él la Tropa aprende a orientarse con mapa y brújula, a montar una cocina elevada y a reconocer cualquier árbol del camino.',
    seed: 12,
    daysAgo: 90,
  },
  {
    name: 'Lucía Martín',
    role_description: 'Scouter de Manada (Akela)',
    description:
      'Lleva seis años con los lobatos. Experta en juegos, canciones y en convertir una tarde de lluvia en una gran aventura.',
    seed: 13,
    daysAgo: 60,
  },
  {
    name: 'Pablo Ruiz',
    role_description: 'Scouter de Unidad',
    description:
      'Técnico de montaña y socorrista. Acompaña a la Unidad en sus primeras travesías de varios días y en sus proyectos de servicio.',
    seed: 14,
    daysAgo: 120,
  },
  {
    name: 'Sara Jiménez',
    role_description: 'Scouter de Clan',
    seed: 15,
    daysAgo: 150,
  },
];

export interface DemoNews extends Pictured {
  title: string;
  description: string;
  content: string;
}

/** News items (the site lists them newest first, by date). */
export const DEMO_NEWS: DemoNews[] = [
  {
    title: 'Limpiamos la ribera del río con el Ayuntamiento',
    description:
      'Más de cuarenta scouts y familias recogieron 300 kilos de residuos en la ribera durante la jornada de servicio de primavera.',
    content:
      'El pasado sábado todas las secciones del grupo participamos en la jornada de limpieza de la ribera organizada junto con el Ayuntamiento.\n\nLa Manada se encargó de clasificar lo recogido, la Tropa y la Unidad limpiaron los tramos más difíciles y el Clan coordinó la logística. En total retiramos unos 300 kilos de residuos, la mayoría plásticos y latas.\n\nGracias a todas las familias que vinisteis a echar una mano. Dejar el mundo mejor de como lo encontramos también empieza aquí, al lado de casa.',
    scene: 'lake',
    seed: 201,
    when: '03-22',
  },
  {
    title: 'Abiertas las inscripciones para el campamento de verano',
    description:
      'Este año acampamos quince días en el Pirineo. Las inscripciones están abiertas hasta el 31 de mayo.',
    content:
      'Ya podéis inscribir a vuestros hijos e hijas en el campamento de verano, que este año será en un valle del Pirineo oscense del 1 al 15 de julio.\n\nLa Manada estará los primeros diez días y el resto de secciones las dos semanas completas. En la reunión de familias explicaremos el programa, el material necesario y los turnos de visita.\n\nSi el precio es un problema para vuestra familia, hablad con la Jefa de Grupo: nadie se queda sin campamento por motivos económicos.',
    scene: 'camp',
    seed: 202,
    when: '04-12',
  },
  {
    title: 'La Tropa gana el concurso de cabuyería de la asociación',
    description:
      'La patrulla Castores construyó una torre de vigía de cinco metros solo con troncos y cuerda, y se llevó el primer premio.',
    content:
      'Durante el encuentro de primavera de la asociación, la patrulla Castores de nuestra Tropa ganó el concurso de cabuyería con una torre de vigía de cinco metros.\n\nTres meses de práctica en los locales con nudos, amarres y mucha paciencia han dado su fruto. El jurado valoró la seguridad de la construcción y el trabajo en equipo de toda la patrulla.\n\n¡Enhorabuena, Castores!',
    scene: 'forest',
    seed: 203,
    when: '05-17',
  },
  {
    title: 'Arranca la nueva ronda solar',
    description:
      'Volvemos a los locales el primer sábado de octubre. Os contamos horarios, secciones y las novedades de este año.',
    content:
      'Después del verano, el grupo vuelve a reunirse todos los sábados de 16:30 a 19:30 en nuestro local.\n\nEste año estrenamos sección de Clan con nueve rutas, renovamos el material de acampada gracias a la venta de lotería y tendremos tres salidas de fin de semana por trimestre.\n\nRecordad traer la ficha médica actualizada y la autorización firmada el primer día.',
    scene: 'campfire',
    seed: 204,
    when: '09-27',
  },
  {
    title: 'Jornada de puertas abiertas para nuevas familias',
    description:
      '¿Quieres conocer el escultismo? Ven con tu familia a una tarde de juegos, talleres y merienda en nuestros locales.',
    content:
      'El próximo sábado abrimos las puertas del local a todas las familias que quieran conocer el grupo.\n\nHabrá juegos para los más pequeños, un taller de nudos y orientación para los mayores y una charla con los scouters sobre cómo trabajamos en cada sección.\n\nNo hace falta inscribirse: solo venir con ganas de pasarlo bien. Al final merendaremos juntos.',
    scene: 'camp',
    seed: 205,
    when: '10-18',
  },
  {
    title: 'Recogida solidaria de alimentos por Navidad',
    description:
      'Durante todo diciembre recogemos alimentos no perecederos y productos de higiene para el banco de alimentos del barrio.',
    content:
      'Como cada año, el Clan organiza la recogida solidaria de alimentos por Navidad.\n\nPodéis traer legumbres, aceite, conservas, leche y productos de higiene al local cualquier sábado de diciembre. Todo lo recogido se entregará al banco de alimentos del barrio el día 22.\n\nEl año pasado reunimos más de una tonelada. ¡Este año queremos superarlo!',
    scene: 'mountains',
    seed: 206,
    when: '12-02',
  },
];

export interface DemoExperience extends Pictured {
  title: string;
  description: string;
  category: ExperienceCategory;
}

/** Experiences, two of each category. */
export const DEMO_EXPERIENCES: DemoExperience[] = [
  {
    title: 'Campamento de verano en la sierra de Gredos',
    description:
      'Quince días junto a la garganta, con las tiendas de patrulla montadas bajo los pinos. La Tropa construyó su propio comedor con troncos, la Unidad hizo una travesía de tres días hasta la Laguna Grande y la Manada vivió las aventuras del Libro de la Selva. Las noches de velada alrededor del fuego fueron lo mejor.',
    category: 'campamento',
    scene: 'camp',
    seed: 301,
    when: '07-20',
  },
  {
    title: 'Ruta por la Cuerda Larga',
    description:
      'Una ruta de cresta de 16 kilómetros con vistas a los dos lados de la sierra. Salimos al amanecer desde el puerto, comimos en la cumbre y bajamos por el hayedo. Una ruta exigente, ideal para la Unidad y el Clan; conviene llevar agua de sobra porque no hay fuentes en la cresta.',
    category: 'ruta',
    scene: 'mountains',
    seed: 302,
    when: '10-12',
  },
  {
    title: 'Zona de acampada del pinar de Valdelosa',
    description:
      'Una zona de acampada con permiso municipal, a diez minutos a pie del aparcamiento. Tiene fuente de agua potable, mesas de madera y espacio para cinco o seis tiendas de patrulla. Está prohibido hacer fuego fuera de la barbacoa de obra. Hay que pedir permiso al Ayuntamiento con dos semanas de antelación.',
    category: 'zona',
    scene: 'forest',
    seed: 303,
    when: '11-08',
  },
  {
    title: 'Campamento de Semana Santa junto al embalse',
    description:
      'Cuatro días de campamento de grupo con todas las secciones. Hicimos piragüismo en el embalse, un gran juego nocturno y la ceremonia de paso de la Manada a la Tropa. Hizo frío por las noches: sacos de invierno imprescindibles.',
    category: 'campamento',
    scene: 'lake',
    seed: 304,
    when: '04-05',
  },
  {
    title: 'Subida a Peñalara con la Unidad',
    description:
      'La cumbre más alta de la sierra, en una ruta circular de 12 kilómetros por las lagunas glaciares. La Unidad preparó la ruta, el menú y el botiquín. Vimos buitres leonados y una manada de cabras montesas cerca de la cumbre.',
    category: 'ruta',
    scene: 'mountains',
    seed: 305,
    when: '05-24',
  },
  {
    title: 'Prado del Arroyo: acampada para la Manada',
    description:
      'Un prado amplio y llano junto a un arroyo tranquilo, perfecto para las primeras acampadas de los lobatos. Hay sombra, un refugio de piedra por si llueve y el autobús deja a cinco minutos. Se puede hacer fuego en el hogar de piedra fuera de la época de riesgo de incendios.',
    category: 'zona',
    scene: 'campfire',
    seed: 306,
    when: '02-15',
  },
];

export interface DemoAlbum {
  title: string;
  description: string;
  cover: { scene: SceneKind; seed: number };
  photos: { scene: SceneKind; seed: number }[];
  when: MonthDay;
}

const photos = (first: number, kinds: SceneKind[]) =>
  kinds.map((scene, i) => ({ scene, seed: first + i }));

/** The albums, six photos each. */
export const DEMO_ALBUMS: DemoAlbum[] = [
  {
    title: 'Campamento de verano',
    description:
      'Quince días en la sierra: montaje del campamento, veladas, la gran marcha y el juego de la última noche.',
    cover: { scene: 'camp', seed: 401 },
    photos: photos(410, ['camp', 'campfire', 'forest', 'lake', 'camp', 'campfire']),
    when: '07-25',
  },
  {
    title: 'Salida de otoño al hayedo',
    description:
      'Un fin de semana entre hojas rojas, con ruta, juegos de pistas y castañas asadas.',
    cover: { scene: 'forest', seed: 402 },
    photos: photos(420, ['forest', 'mountains', 'forest', 'campfire', 'lake', 'mountains']),
    when: '11-01',
  },
];

/** A comment of the demo: who writes it (a person's key), on which item, how long after it. */
export interface DemoComment {
  by: string;
  text: string;
  /** Index in DEMO_NEWS / DEMO_EXPERIENCES, or [album, photo] indexes. */
  on: number | [number, number];
  daysAfter: number;
}

export const DEMO_COMMENTS: {
  news: DemoComment[];
  experiences: DemoComment[];
  photos: DemoComment[];
} = {
  news: [
    {
      by: 'usuario',
      on: 1,
      daysAfter: 1,
      text: '¡Qué ganas! Mi hija ya tiene la mochila preparada desde hace una semana.',
    },
    {
      by: 'javier',
      on: 2,
      daysAfter: 2,
      text: '¡Enhorabuena, Castores! La torre era impresionante.',
    },
    {
      by: 'marta',
      on: 3,
      daysAfter: 1,
      text: '¿Hay que llevar la ficha médica nueva aunque no haya cambiado nada?',
    },
    {
      by: 'admin',
      on: 3,
      daysAfter: 2,
      text: 'Sí, Marta: la ficha tiene que estar firmada este año. ¡Gracias por preguntar!',
    },
  ],
  experiences: [
    {
      by: 'usuario',
      on: 0,
      daysAfter: 3,
      text: 'Mi hijo no para de hablar de este campamento. ¡Gracias, scouters!',
    },
    {
      by: 'javier',
      on: 1,
      daysAfter: 10,
      text: 'La hicimos en familia el mes pasado. Preciosa, pero llevad crema solar.',
    },
    {
      by: 'scouter',
      on: 2,
      daysAfter: 4,
      text: 'Apuntada para el próximo trimestre. Gracias por el dato de la fuente.',
    },
  ],
  photos: [
    {
      by: 'javier',
      on: [0, 0],
      daysAfter: 2,
      text: '¿Alguien sabe de quién es la linterna que se quedó en la tienda azul?',
    },
    { by: 'scouter', on: [0, 1], daysAfter: 1, text: 'La mejor velada del campamento, sin duda.' },
    {
      by: 'usuario',
      on: [0, 4],
      daysAfter: 3,
      text: 'Se me ha escapado una lagrimita viendo esta foto.',
    },
    { by: 'marta', on: [1, 0], daysAfter: 1, text: '¡Qué colores! Qué foto tan bonita.' },
  ],
};

/**
 * The group's children: their age today puts them in one of the four sections a group starts with;
 * the demo usuario is a family of two, in Manada and Tropa, so 'Mis educandos' shows both.
 */
export interface DemoChild {
  name: string;
  /** Age in years today; the birth date is worked out from it, so the section always fits. */
  age: number;
  section: 'Manada' | 'Tropa' | 'Unidad' | 'Clan';
  /** Keys of the demo people who are the child's guardians. */
  guardians: string[];
  /**
   * The image consents on record, in order: a guardian's in the app (`by` the key of
   * the demo person), a signed paper form or, from 14, the young person's own (both recorded by
   * the admin). None: no answer, which is no consent.
   */
  consents?: DemoConsent[];
}

/** One demo consent record. */
export interface DemoConsent {
  purpose: 'gallery' | 'web' | 'social' | 'press';
  granted: boolean;
  given: { by: string } | 'paper' | 'own';
  note?: string;
}

export const DEMO_CHILDREN: DemoChild[] = [
  // A spread of consents — the usuario's two allowed in the gallery (one also on the
  // web), Irene refused, Hugo without an answer, Sara (15) and Daniel (18) with their own.
  {
    name: 'Lucía Gómez Ortega',
    age: 9,
    section: 'Manada',
    guardians: ['usuario'],
    consents: [
      { purpose: 'gallery', granted: true, given: { by: 'usuario' } },
      { purpose: 'web', granted: true, given: { by: 'usuario' } },
      { purpose: 'social', granted: false, given: { by: 'usuario' } },
    ],
  },
  {
    name: 'Pablo Gómez Ortega',
    age: 12,
    section: 'Tropa',
    guardians: ['usuario'],
    consents: [
      { purpose: 'gallery', granted: true, given: 'paper', note: 'Hoja firmada el 12/09' },
      { purpose: 'web', granted: false, given: 'paper', note: 'Hoja firmada el 12/09' },
    ],
  },
  {
    name: 'Irene Sánchez Vidal',
    age: 10,
    section: 'Manada',
    guardians: ['marta'],
    consents: [
      { purpose: 'gallery', granted: true, given: { by: 'marta' } },
      { purpose: 'gallery', granted: false, given: { by: 'marta' } },
    ],
  },
  { name: 'Hugo López Martín', age: 13, section: 'Tropa', guardians: ['javier'] },
  {
    name: 'Sara López Martín',
    age: 15,
    section: 'Unidad',
    guardians: ['javier'],
    consents: [
      { purpose: 'gallery', granted: true, given: 'own', note: 'Lo habló con su scouter' },
      { purpose: 'web', granted: false, given: 'own' },
    ],
  },
  {
    name: 'Daniel Ruiz Prieto',
    age: 18,
    section: 'Clan',
    guardians: [],
    consents: [{ purpose: 'gallery', granted: true, given: 'own' }],
  },
];

/** Whom to call for the Gómez Ortega children, and for the López Martín. */
const GOMEZ_ORTEGA_CONTACTS: HealthRecordInput['contacts'] = [
  { name: 'Laura Gómez', relation: 'Madre', phone: '+34 611 234 567' },
  { name: 'Andrés Ortega', relation: 'Padre', phone: '611 765 432' },
];
const LOPEZ_MARTIN_CONTACTS: HealthRecordInput['contacts'] = [
  { name: 'Javier López', relation: 'Padre', phone: '+34 633 300 400' },
  { name: 'Elena Martín', relation: 'Madre', phone: '633 500 600' },
];

/**
 * The fichas sanitarias the families have filled in, by child (Daniel, of age, has none: the
 * camp pack shows a child without one). Hugo's is the one a scouter of the Tropa must know.
 */
export const DEMO_HEALTH: Record<string, HealthRecordInput> = {
  'Lucía Gómez Ortega': {
    allergies: '',
    medications: [],
    diet: 'Vegetariana',
    conditions: '',
    health_card: 'MDRD 5566778899',
    can_swim: 'si',
    notes:
      'Las primeras noches fuera de casa le cuesta dormir; ayuda que duerma cerca de su linterna.',
    contacts: GOMEZ_ORTEGA_CONTACTS,
  },
  'Pablo Gómez Ortega': {
    allergies: 'Polen de gramíneas (en primavera)',
    medications: [
      {
        name: 'Ebastina 10 mg',
        dose: 'Un comprimido',
        schedule: 'Por la mañana, de marzo a junio',
        scouters_may_give: true,
      },
    ],
    diet: '',
    conditions: '',
    health_card: 'MDRD 5566778800',
    can_swim: 'si',
    notes: '',
    contacts: GOMEZ_ORTEGA_CONTACTS,
  },
  'Irene Sánchez Vidal': {
    allergies: 'Intolerancia a la lactosa',
    medications: [],
    diet: 'Sin lactosa',
    conditions: '',
    health_card: 'MDRD 4433221100',
    can_swim: 'con_ayuda',
    notes: '',
    contacts: [
      { name: 'Marta Sánchez', relation: 'Madre', phone: '+34 622 100 200' },
      { name: 'Rosa Vidal', relation: 'Abuela', phone: '91 555 12 34' },
    ],
  },
  'Hugo López Martín': {
    allergies: 'Frutos secos (cacahuete y almendra): reacción grave',
    medications: [
      {
        name: 'Adrenalina autoinyectable',
        dose: '0,3 mg',
        schedule: 'Si hay reacción alérgica; después, llamar al 112',
        scouters_may_give: true,
      },
      {
        name: 'Salbutamol inhalador',
        dose: '2 inhalaciones',
        schedule: 'Si le falta el aire',
        scouters_may_give: true,
      },
    ],
    diet: 'Sin frutos secos ni trazas',
    conditions: 'Asma leve',
    health_card: 'MDRD 7788990011',
    can_swim: 'si',
    notes: 'Lleva siempre la adrenalina en la riñonera.',
    contacts: LOPEZ_MARTIN_CONTACTS,
  },
  'Sara López Martín': {
    allergies: '',
    medications: [
      {
        name: 'Insulina',
        dose: 'Según su pauta',
        schedule: 'Antes de cada comida (se la pone ella)',
        scouters_may_give: false,
      },
    ],
    diet: 'Control de hidratos; llevar zumo por si tiene una bajada',
    conditions: 'Diabetes tipo 1',
    health_card: 'MDRD 7788990022',
    can_swim: 'si',
    notes: '',
    contacts: LOPEZ_MARTIN_CONTACTS,
  },
};
