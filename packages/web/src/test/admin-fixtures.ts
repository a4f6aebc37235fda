import type { ConsentStatus, Section } from '@fogata/shared';

/** The Tropa section as GET /sections gives it. */
export const TROPA: Section = {
  id: 2,
  name: 'Tropa',
  colour: '#15803d',
  min_age: 11,
  max_age: 14,
  position: 2,
  retired: false,
};

/** A purpose's consent: `none` has no answer yet; any other was a paper form on 3 October. */
export const consentStatus = (
  purpose: ConsentStatus['purpose'],
  state: ConsentStatus['state'],
): ConsentStatus => ({
  purpose,
  state,
  given_by: state === 'none' ? null : 'paper',
  at: state === 'none' ? null : '2026-10-03T10:00:00Z',
  text_version: state === 'none' ? null : 1,
  outdated: false,
});
