/** localStorage: the packs kept here and when each must go (lib/pack-index.ts). */
export const PACKS_KEY = 'fogata-camp-packs';
/** localStorage: set while marks wait to be sent. */
export const MARKS_KEY = 'fogata-camp-marks';
