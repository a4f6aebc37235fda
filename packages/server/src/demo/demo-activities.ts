import { type ActivityInput, activityInputSchema } from '@fogata/shared';
import type { AppContext } from '../context.js';
import { ActivitiesService } from '../modules/activities/activities.service.js';
import { SafeguardingService } from '../modules/safeguarding/safeguarding.service.js';
import type { UserRow } from '../modules/users/users.repository.js';
import { DemoRepository } from './demo.repository.js';

/*
 * The demo's activities: a Tropa acampada a family still has to answer, the Tropa's
 * acantonamiento that starts tomorrow (its staff can take the camp pack now), the group's weekly
 * reunión, and a salida of the Manada that already took place. They are made through the
 * activities' service as a manager makes them, then put in place (published, or dated in the
 * past) straight in their rows: the demo sends no announcement mail to its invented addresses.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The instant of `hh:mm` in Madrid on the day `days` from `now` (winter or summer time). */
function madrid(now: Date, days: number, time: string): string {
  const day = new Date(now.getTime() + days * DAY_MS).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Madrid',
  });
  const guess = Date.parse(`${day}T${time}:00Z`);
  // Madrid is one or two hours ahead of UTC: the offset at that moment, read back.
  const shown = new Date(guess).toLocaleTimeString('en-GB', {
    timeZone: 'Europe/Madrid',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const [h, m] = shown.split(':').map(Number) as [number, number];
  const [wantH, wantM] = time.split(':').map(Number) as [number, number];
  const offset = ((h - wantH) * 60 + (m - wantM)) * 60_000;
  return new Date(guess - offset).toISOString();
}

/** Days from `now` to the next Saturday (7 when it is Saturday: the next one). */
function daysToSaturday(now: Date): number {
  const weekday = new Date(
    now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Madrid' }),
  ).getUTCDay();
  return (6 - weekday + 7) % 7 || 7;
}

export interface DemoActivityPeople {
  admin: UserRow;
  scouter: UserRow;
  /** A guardian of a Tropa child, who answers the acampada. */
  tropaGuardian: UserRow;
  tropaChildId: number;
  /** The usuario and their Tropa child, who goes to the acantonamiento. */
  usuario: UserRow;
  usuarioTropaChildId: number;
  sectionOf(name: string): number;
}

/** The demo's activities by what they are. */
export interface DemoActivityIds {
  acampada: number;
  acantonamiento: number;
  reunion: number;
  salida: number;
}

/** Creates the demo's activities; returns their ids. */
export async function seedDemoActivities(
  ctx: AppContext,
  people: DemoActivityPeople,
  now: Date,
): Promise<DemoActivityIds> {
  const service = new ActivitiesService(ctx);
  const repo = new DemoRepository(ctx.db);
  const { admin, scouter, sectionOf } = people;
  const make = (actor: UserRow, input: ActivityInput) =>
    service.create(actor, activityInputSchema.parse(input));
  // The scouter in charge needs a current certificado negativo: the admin saw it two months ago.
  const seen = new Date(now.getTime() - 60 * DAY_MS).toLocaleDateString('sv-SE', {
    timeZone: 'Europe/Madrid',
  });
  await new SafeguardingService(ctx).recordCertificate(
    admin,
    { user_id: scouter.id, issued_on: seen },
    now,
  );

  // The Tropa's acampada: places, a price, a question; one family has answered, one has not.
  const campStart = 18;
  const acampada = await make(scouter, {
    title: 'Acampada de otoño en la sierra',
    kind: 'acampada',
    section_ids: [sectionOf('Tropa')],
    starts_at: madrid(now, campStart, '10:00'),
    ends_at: madrid(now, campStart + 1, '17:00'),
    place: 'Campamento de Los Pinos, Navacerrada',
    meeting_point: 'Puerta del local',
    meeting_at: madrid(now, campStart, '09:30'),
    return_point: 'Puerta del local',
    return_at: madrid(now, campStart + 1, '17:30'),
    transport: 'Autobús del grupo',
    price_cents: 3500,
    places: 12,
    signup_deadline: madrid(now, campStart - 7, '21:00'),
    in_charge_id: scouter.id,
    description:
      'Una noche en tiendas con la Tropa: construcciones, juego de orientación y velada. ' +
      'Hay que llevar saco, esterilla, linterna, cantimplora y la comida del sábado.',
    both_guardians: false,
    // Health goes in the ficha sanitaria (sealed, seen by the staff only in the camp window), so
    // the group's example asks nothing of it in a sign-up's answers, which managers read all year.
    questions: [
      {
        label: '¿Necesita que le prestemos saco o esterilla?',
        kind: 'text',
        options: null,
        required: true,
      },
      { label: '¿Sabe nadar?', kind: 'yesno', options: null, required: false },
    ],
  });
  await repo.placeActivity(acampada.id, { status: 'publicada' });
  const [gear, swims] = acampada.questions;
  await service.signup(people.tropaGuardian, acampada.id, people.tropaChildId, {
    going: true,
    answers: {
      ...(gear ? { [gear.id]: 'No, lleva los suyos' } : {}),
      ...(swims ? { [swims.id]: true } : {}),
    },
  });

  // The Tropa's acantonamiento, from tomorrow: within the days its staff may read the fichas, so
  // the demo's scouter can take the camp pack and pass the roll. Both Tropa families said «Va»
  // while sign-up was open; then it is put on its days.
  const acantonamiento = await make(scouter, {
    title: 'Acantonamiento de invierno en el albergue',
    kind: 'acampada',
    section_ids: [sectionOf('Tropa')],
    starts_at: madrid(now, 30, '10:00'),
    ends_at: madrid(now, 31, '17:00'),
    place: 'Albergue de Cercedilla',
    meeting_point: 'Estación de Chamartín',
    meeting_at: madrid(now, 30, '09:15'),
    return_point: 'Estación de Chamartín',
    return_at: madrid(now, 31, '17:30'),
    transport: 'Tren de cercanías',
    price_cents: 2500,
    places: null,
    signup_deadline: madrid(now, 25, '21:00'),
    in_charge_id: scouter.id,
    description:
      'Una noche en el albergue: talleres, marcha a la Fuenfría y velada junto al fuego.',
    both_guardians: false,
    questions: [],
  });
  await repo.placeActivity(acantonamiento.id, { status: 'publicada' });
  for (const [guardian, child] of [
    [people.tropaGuardian, people.tropaChildId],
    [people.usuario, people.usuarioTropaChildId],
  ] as const) {
    await service.signup(guardian, acantonamiento.id, child, { going: true, answers: {} });
  }
  await repo.placeActivity(acantonamiento.id, {
    status: 'publicada',
    starts_at: madrid(now, 1, '10:00'),
    ends_at: madrid(now, 2, '17:00'),
    meeting_at: madrid(now, 1, '09:15'),
    return_at: madrid(now, 2, '17:30'),
    signup_deadline: madrid(now, -3, '21:00'),
  });

  // The whole group's reunión, every Saturday morning for ten weeks.
  const saturday = daysToSaturday(now);
  const reunion = await make(admin, {
    title: 'Reunión de los sábados',
    kind: 'reunion',
    section_ids: [],
    starts_at: madrid(now, saturday, '10:30'),
    ends_at: madrid(now, saturday, '13:00'),
    repeats_weekly_until: new Date(now.getTime() + (saturday + 70) * DAY_MS)
      .toISOString()
      .slice(0, 10),
    place: 'Local del grupo',
    meeting_point: 'Local del grupo',
    meeting_at: madrid(now, saturday, '10:30'),
    return_point: 'Local del grupo',
    return_at: madrid(now, saturday, '13:00'),
    transport: 'A pie',
    signup_deadline: madrid(now, saturday - 1, '21:00'),
    description: 'Juegos, talleres y el trabajo de cada sección.',
  });
  await repo.placeActivity(reunion.id, { status: 'publicada' });

  // A salida of the Manada, three weeks ago: celebrada.
  const salida = await make(admin, {
    title: 'Salida a la granja escuela',
    kind: 'salida',
    section_ids: [sectionOf('Manada')],
    starts_at: madrid(now, 5, '09:00'),
    ends_at: madrid(now, 5, '18:00'),
    place: 'Granja escuela El Acebo',
    meeting_point: 'Estación de autobuses',
    meeting_at: madrid(now, 5, '08:45'),
    return_point: 'Estación de autobuses',
    return_at: madrid(now, 5, '18:15'),
    transport: 'Autobús de línea',
    price_cents: 800,
    signup_deadline: madrid(now, 3, '21:00'),
    description: 'Un día con los animales de la granja y el huerto.',
  });
  await repo.placeActivity(salida.id, {
    status: 'celebrada',
    starts_at: madrid(now, -21, '09:00'),
    ends_at: madrid(now, -21, '18:00'),
    meeting_at: madrid(now, -21, '08:45'),
    return_at: madrid(now, -21, '18:15'),
    signup_deadline: madrid(now, -24, '21:00'),
  });
  return {
    acampada: acampada.id,
    acantonamiento: acantonamiento.id,
    reunion: reunion.id,
    salida: salida.id,
  };
}
