/** The product's constants and limits: the only place these numbers live. */
export const LIMITS = {
  requestTimeoutMs: 60_000,
  tokenStorageKey: 'authToken',
  passwordMin: 8,
  passwordMax: 200,
  emailMax: 254,
  imageMaxBytes: 25 * 1024 * 1024,
  batchMaxBytes: 250 * 1024 * 1024,
  imagesPerUpload: 10,
  allowedImageExtensions: ['jpg', 'jpeg', 'gif', 'png', 'webp'] as const,
  compressionMaxMB: 1.5,
  compressionMaxPx: 1920,
  experienceTitleMax: 150,
  albumTitleMax: 100,
  albumDescriptionMax: 1000,
  newsTitleMax: 150,
  newsSummaryMax: 300,
  /** Our own bound (the product sets none): no request can store a novel (decision 007). */
  newsContentMax: 20_000,
  /** Our own bound (the product sets none): no request can store a novel (decision 007). */
  experienceDescriptionMax: 10_000,
  monitorNameMax: 100,
  monitorRoleMax: 150,
  monitorDescriptionMax: 2000,
  profileNameMax: 100,
  commentMax: 500,
  /** Our own bound: a photo's caption (decision 019). */
  photoCaptionMax: 500,
  /** Our own bound: the reason of a photo removal request and a manager's note (decision 018). */
  removalReasonMax: 500,
  commentsPageSize: 5,
  commentsDefaultLimit: 10,
  commentsMaxLimit: 50,
  /**
   * Our own limit: per account and minute, counted in the database for every instance; far
   * above what a person writes, a brake on a script flooding a gallery (comments and likes each
   * across photos, news and experiences).
   */
  commentsPerUserPerMinute: 30,
  likesPerUserPerMinute: 120,
  invitationsEmailsMin: 5,
  invitationsPerRequest: 100,
  redirectAfterLoginMs: 500,
  redirectAfterResetMs: 2000,
  redirectAfterRegisterMs: 1500,
  modalCloseMs: 1500,
  uploadModalCloseMs: 2000,
  likeErrorMs: 4000,
  albumTruncate: 80,
  landingNews: 3,
  /**
   * Our own size: an album's photos come in pages of this many when the web app asks for pages
   * (decision 014), and a page holds at most photosPageMax.
   */
  photosPageSize: 48,
  photosPageMax: 100,
  skeletonList: 8,
  skeletonSmall: 3,
  passwordResetTtlMs: 60 * 60 * 1000,
  /** How long a signed autorización is kept after its activity ends, in years (decision 151). */
  authorizationRetentionYears: 5,
} as const;

export const ROLES = ['admin', 'scouter', 'usuario'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_INVITATION_ROLE: Role = 'usuario';

/** Labels shown to users for each role. */
export const ROLE_LABELS: Record<Role, string> = {
  usuario: 'Usuario',
  scouter: 'Scouter',
  admin: 'Admin',
};

export const INVITATION_STATUSES = ['pending', 'accepted', 'expired'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

export const EXPERIENCE_CATEGORIES = ['ruta', 'campamento', 'zona'] as const;
export type ExperienceCategory = (typeof EXPERIENCE_CATEGORIES)[number];
export const EXPERIENCE_CATEGORY_LABELS: Record<ExperienceCategory, string> = {
  ruta: 'Rutas',
  campamento: 'Campamentos',
  zona: 'Zonas de acampada',
};
