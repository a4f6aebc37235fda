import { z } from 'zod';

/*
 * Image consent (decision 061): per child and per purpose, granted or refused, by whom
 * and against which version of the consent text. No record means no consent.
 */

/** What a consent is for, in the order screens list them. */
export const CONSENT_PURPOSES = ['gallery', 'web', 'social', 'press'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const consentPurposeSchema = z.enum(CONSENT_PURPOSES);

/** The purposes the app enforces on the pixels; the other two are recorded for the group's use. */
export const ENFORCED_PURPOSES = ['gallery', 'web'] as const satisfies readonly ConsentPurpose[];

/** Each purpose's name, as families read it. */
export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  gallery: 'Galería del grupo',
  web: 'Web pública',
  social: 'Redes sociales',
  press: 'Medios de comunicación',
};

/**
 * Who gave a consent: a guardian in the app, a manager recording a signed paper form, or a manager
 * recording the young person's own (from their 14th birthday, LOPDGDD art. 7).
 */
export const CONSENT_GIVERS = ['guardian', 'paper', 'own'] as const;
export type ConsentGiver = (typeof CONSENT_GIVERS)[number];

/** From this birthday on, the young person's own consent is what counts. */
export const OWN_CONSENT_AGE = 14;

/** What a reviewed face is: still to review, a child of the group, an adult, not a face. */
export const FACE_STATUSES = ['pending', 'child', 'adult', 'not_face'] as const;
export type FaceStatus = (typeof FACE_STATUSES)[number];

/** The group's image settings (decision 088): both switched by an admin, each change audited. */
export const groupSettingsSchema = z.object({
  /** 'Aplicar el consentimiento de imagen': faces are blurred where consent does not cover them. */
  image_consent_enforced: z.boolean(),
  /** An album cannot leave draft until every face in it is reviewed. */
  publish_only_reviewed: z.boolean(),
});
export type GroupSettings = z.infer<typeof groupSettingsSchema>;
