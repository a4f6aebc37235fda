import type {
  ActivityKind,
  ActivityStatus,
  AttendanceMoment,
  AuthorizationMethod,
  ConsentGiver,
  ConsentPurpose,
  DigestFrequency,
  FaceStatus,
  HealthReadVia,
  PaymentMethod,
  QuestionKind,
  Role,
  SignatureConfirmation,
  SignupStatus,
} from '@fogata/shared';
import type { ColumnType, Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Timestamps are ISO 8601 strings (UTC, `toISOString()`) in text
 * columns on both databases: they compare correctly as text and need no conversion on read.
 */
export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string | null;
  role: Role;
  avatar_key: string | null;
  created_at: string;
  /** When the password was last reset: sessions issued before then no longer count. */
  password_changed_at: string | null;
  /** How often the member gets the e-mail digest (decision 022); 'weekly' unless chosen. */
  digest: ColumnType<DigestFrequency, DigestFrequency | undefined, DigestFrequency>;
  /** When the last digest was claimed for the member; null: never. */
  digest_last_sent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The DNI/NIE the member signs autorizaciones with (migration 019); null: not given yet. */
  dni: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface InvitationsTable {
  id: Generated<number>;
  email: string;
  role: Role;
  token_hash: string;
  expires_at: string;
  created_at: string;
  accepted_at: string | null;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: string;
  created_at: string;
  used_at: string | null;
}

/** A nonce issued for external sign-in; deleted when used. */
export interface OidcNoncesTable {
  id: Generated<number>;
  nonce_hash: string;
  expires_at: string;
  created_at: string;
}

/**
 * A rate-limit counter: tries by one client on one route in the current window. Unlike the other
 * timestamps, `reset_at` is milliseconds since the epoch (the increment does arithmetic on it);
 * PostgreSQL's bigint reads back as a string.
 */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: ColumnType<number | string, number, number>;
}

/** A photo album; its cover variants are private media (signed URLs). */
export interface AlbumsTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  /** Storage keys of the cover's display copy and thumbnail. */
  cover_key: string | null;
  cover_thumb_key: string | null;
  /** A tiny inline image (data: URL) shown while the cover loads. */
  cover_placeholder: string | null;
  cover_width: number | null;
  cover_height: number | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** 'draft': only managers see it (decision 018). Defaults to 'published'. */
  status: ColumnType<AlbumStatus, AlbumStatus | undefined, AlbumStatus>;
  /** When it was last published; null while a draft (the digest lists what was published). */
  published_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export type AlbumStatus = 'published' | 'draft';

/** A photo in an album: a display copy, a thumbnail and a placeholder, all metadata-free. */
export interface PhotosTable {
  id: Generated<number>;
  album_id: number;
  image_key: string;
  thumb_key: string;
  placeholder: string;
  /** Of the display copy. */
  width: number;
  height: number;
  description: string | null;
  uploaded_by: number | null;
  created_at: string;
  /** Set while a member's removal request holds the photo back from everyone but managers. */
  hidden_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A member's request to hide a photo (decision 018). */
export interface PhotoRemovalRequestsTable {
  id: Generated<number>;
  photo_id: number | null;
  album_id: number | null;
  /** The album's title when asked, so the request still reads once the album is gone. */
  album_title: string;
  requested_by: number | null;
  reason: string | null;
  status: 'pending' | 'kept' | 'shown' | 'deleted';
  resolution_note: string | null;
  resolved_by: number | null;
  resolved_at: string | null;
  created_at: string;
}

/** What likes and comments attach to; one pair of tables for every kind of content. */
export type InteractionTarget = 'photo' | 'news' | 'experience';

export interface LikesTable {
  id: Generated<number>;
  target_type: InteractionTarget;
  target_id: number;
  user_id: number;
  created_at: string;
}

export interface CommentsTable {
  id: Generated<number>;
  target_type: InteractionTarget;
  target_id: number;
  user_id: number;
  comment_text: string;
  created_at: string;
  updated_at: string;
}

/** Image columns shared by news, experiences and monitors: public media, stored variants. */
interface ImageColumns {
  /** Storage keys of the display copy (≤ 1920 px) and the ~480 px thumbnail. */
  image_key: string | null;
  image_thumb_key: string | null;
  /** A tiny inline image (data: URL) shown while the image loads. */
  image_placeholder: string | null;
  image_width: number | null;
  image_height: number | null;
}

/**
 * News and experiences under image consent (migration 017, decision 085): the clean display copy
 * kept private, and which faces the public copy blurs ('' none; null: a row from before 017,
 * whose public copy is the original).
 */
interface ConsentedImageColumns extends ImageColumns {
  image_original_key: string | null;
  image_blur_set: string | null;
}

/** A news item: public, with likes and comments. */
export interface NewsTable extends ConsentedImageColumns {
  id: Generated<number>;
  title: string;
  /** The short summary shown in italics. */
  description: string;
  content: string;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type ExperienceCategoryColumn = 'ruta' | 'campamento' | 'zona';

/** An experience (trip report): public, with likes and comments. */
export interface ExperiencesTable extends ConsentedImageColumns {
  id: Generated<number>;
  title: string;
  description: string;
  category: ExperienceCategoryColumn;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A team member (scouter) shown on the who-we-are page. */
export interface MonitorsTable extends ImageColumns {
  id: Generated<number>;
  name: string;
  role_description: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * A stored file that may be, or may become, an orphan (decision 011): journaled before the file is
 * saved or before a row pointing to it is deleted, removed once settled.
 */
export interface MediaJournalTable {
  key: string;
  /** The process that wrote it: `hostname:pid:random-per-start`. */
  owner: string;
  created_at: string;
}

/**
 * A message in the mail queue (decision 010). `next_attempt_at` is null once sent or given up;
 * `locked_until` is the lease of the instance sending it; past `expires_at` it is not sent.
 */
export interface MailQueueTable {
  id: Generated<number>;
  recipient: string;
  subject: string;
  text: string;
  html: string;
  /** The link the message carries, for the outbox-mode console log. */
  link: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: string | null;
  locked_until: string | null;
  expires_at: string | null;
  sent_at: string | null;
  last_error: string | null;
  created_at: string;
  /** Extra headers as JSON (a digest's List-Unsubscribe), or null. */
  headers: ColumnType<string | null, string | null | undefined, string | null>;
  /** Inline images as JSON ([{ cid, filename, contentType, base64 }]), or null (migration 017). */
  attachments: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An audit trail entry (migration 009): append-only, names copied in, details as JSON text. */
export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  actor_name: string;
  action: string;
  target_type: string;
  target_id: number | null;
  target_label: string | null;
  details: string | null;
  created_at: string;
}

/** A section of the group (decision 140): never deleted; retired keeps what it holds. */
export interface SectionsTable {
  id: Generated<number>;
  name: string;
  min_age: number;
  max_age: number;
  /** Where it goes in lists: ascending. */
  position: number;
  /** `#rrggbb`: the badge's colour. */
  colour: string;
  /** When it was retired; null: in use. */
  retired_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}

/** A scouter's section. */
export interface ScouterSectionsTable {
  user_id: number;
  section_id: number;
}

/** A child of the group (an educando). Their full name is seen by managers and their guardians. */
export interface ChildrenTable {
  id: Generated<number>;
  full_name: string;
  /** `YYYY-MM-DD`. */
  birth_date: string;
  section_id: number;
  /** The full name lower-cased and without accents, what the list searches (migration 013). */
  name_search: ColumnType<string, string | undefined, string>;
  /** 1: in the group; 0: left (kept, and their family no longer sees their section's albums). */
  active: ColumnType<number, number | undefined, number>;
  created_at: string;
  updated_at: string;
}

/** One stay of a child in a section; the current one has no `ended_at`. */
export interface ChildSectionsTable {
  id: Generated<number>;
  child_id: number;
  section_id: number;
  started_at: string;
  ended_at: string | null;
}

/** A member account that is a guardian of a child. */
export interface GuardiansTable {
  user_id: number;
  child_id: number;
  created_at: string;
}

/** A child that an invitation links to the account that accepts it. */
export interface InvitationChildrenTable {
  invitation_id: number;
  child_id: number;
}

/** A section an album is for; an album with none is for the whole group. */
export interface AlbumSectionsTable {
  album_id: number;
  section_id: number;
}

/** A group's setting (migration 014): `image_consent_enforced`, `publish_only_reviewed`; '1' or '0'. */
export interface GroupSettingsTable {
  key: string;
  value: string;
  updated_by: number | null;
  updated_at: string;
}

/** A version of the consent text that families answer (decision 061). */
export interface ConsentTextsTable {
  id: Generated<number>;
  version: number;
  body: string;
  created_by: number | null;
  created_at: string;
}

/** One consent given, changed or withdrawn: append-only; the latest per child and purpose counts. */
export interface ChildConsentsTable {
  id: Generated<number>;
  child_id: number;
  purpose: ConsentPurpose;
  /** 1 granted, 0 refused or withdrawn. */
  granted: number;
  given_by: ConsentGiver;
  recorded_by: number | null;
  note: string | null;
  /** The consent text's version it answers. */
  text_version: number;
  created_at: string;
}

/**
 * A face in an image (decision 062): its box only, as fractions of the image's width and height;
 * exactly one of `photo_id`, `album_id` (its cover), `news_id`, `experience_id` is set.
 */
export interface FacesTable {
  id: Generated<number>;
  photo_id: number | null;
  album_id: number | null;
  news_id: number | null;
  experience_id: number | null;
  x: number;
  y: number;
  width: number;
  height: number;
  /** The detector's confidence; null for a box a manager drew. */
  score: number | null;
  source: 'detector' | 'manual';
  status: ColumnType<FaceStatus, FaceStatus | undefined, FaceStatus>;
  /** With `status` 'child': which one. */
  child_id: number | null;
  /** Set when a guardian asked for their child to be blurred in this image for everyone. */
  blur_requested_at: ColumnType<string | null, string | null | undefined, string | null>;
  blur_requested_by: ColumnType<number | null, number | null | undefined, number | null>;
  reviewed_by: ColumnType<number | null, number | null | undefined, number | null>;
  reviewed_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

/** An image stored before detection existed, waiting for the background scan. */
export interface FaceScanQueueTable {
  id: Generated<number>;
  photo_id: number | null;
  album_id: number | null;
  news_id: number | null;
  experience_id: number | null;
  /** While an instance scans it; null or past: free to claim. */
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
  created_at: string;
  /** Set when the scan stopped trying (migration 018): the image stays unsearched. */
  gave_up_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A blurred copy of an image whose files are stored (migration 016, decision 080). */
export interface ImageRenditionsTable {
  id: Generated<number>;
  kind: 'photo' | 'album' | 'news' | 'experience';
  image_id: number;
  /** The ids of the faces blurred, in order, comma-separated (blurSetKey). */
  blur_set: string;
  /** Those faces' boxes as blurred, JSON `[{id,x,y,width,height}]`. */
  boxes: string;
  /** The clean display copy's key it was made from. */
  source: string;
  image_key: string;
  thumb_key: string;
  placeholder: string;
  width: number;
  height: number;
  created_at: string;
}

/** An image whose blurred copies must be made again (migration 016). */
export interface RenditionQueueTable {
  id: Generated<number>;
  kind: 'photo' | 'album' | 'news' | 'experience';
  image_id: number;
  queued_at: string;
  claimed_until: ColumnType<string | null, string | null | undefined, string | null>;
  attempts: ColumnType<number, number | undefined, number>;
}

/** Where an image was published (migration 017, decision 086): append-only. */
export interface ImagePublicationsTable {
  id: Generated<number>;
  image_kind: 'photo' | 'album' | 'news' | 'experience';
  image_id: number;
  channel: 'news' | 'experience' | 'digest' | 'zip';
  /** What it went out in: the item's title, the album's. */
  title: string;
  /** How many people it reached (a digest: 1 per mail; a public page: 0, anyone). */
  recipients: ColumnType<number, number | undefined, number>;
  recipient_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The faces blurred in what went out (`blurSetKey`), '' none. */
  blurred_faces: ColumnType<string, string | undefined, string>;
  url: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
}

/** An activity (migration 019). Instants are ISO 8601 UTC; money in euro cents. */
export interface ActivitiesTable {
  id: Generated<number>;
  title: string;
  kind: ActivityKind;
  status: ColumnType<ActivityStatus, ActivityStatus | undefined, ActivityStatus>;
  starts_at: string;
  ends_at: string;
  /** A weekly reunión: the last day (`YYYY-MM-DD`) it repeats; null: once. */
  repeats_weekly_until: string | null;
  place: string;
  meeting_point: string;
  meeting_at: string;
  return_point: string;
  return_at: string;
  transport: string;
  price_cents: number | null;
  places: number | null;
  signup_deadline: string;
  in_charge_id: number | null;
  description: ColumnType<string, string | undefined, string>;
  /** 1: every guardian of a child signs; 0: one suffices. */
  both_guardians: ColumnType<number, number | undefined, number>;
  /** The calendar's SEQUENCE, raised on every change. */
  sequence: ColumnType<number, number | undefined, number>;
  /** When dates, place or transport last changed: signatures before it are superseded. */
  terms_changed_at: string;
  published_at: string | null;
  cancelled_at: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
  /** When the erasure job removed what was confirmed of the fichas for it (migration 020). */
  health_erased_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A section an activity is for; an activity with none is for the whole group. */
export interface ActivitySectionsTable {
  activity_id: number;
  section_id: number;
}

export interface ActivityQuestionsTable {
  id: Generated<number>;
  activity_id: number;
  position: number;
  label: string;
  kind: QuestionKind;
  /** JSON array of the choices of a 'choice' question; null otherwise. */
  options: string | null;
  required: number;
}

/** A child's answer for an activity; no row: pending. */
export interface ActivitySignupsTable {
  id: Generated<number>;
  activity_id: number;
  child_id: number;
  status: SignupStatus;
  /** The order of places and of the waiting list: when the child last said «Va». */
  queued_at: string | null;
  /** JSON object: question id → answer. */
  answers: ColumnType<string, string | undefined, string>;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** A version of the autorización's text (with placeholders). */
export interface AuthorizationTextsTable {
  id: Generated<number>;
  version: number;
  body: string;
  created_by: number | null;
  created_at: string;
}

/** An autorización given, online (with its evidence) or on paper; never deleted. */
export interface ActivityAuthorizationsTable {
  id: Generated<number>;
  activity_id: number;
  child_id: number;
  method: AuthorizationMethod;
  guardian_id: number | null;
  signer_name: string | null;
  signer_dni: string | null;
  text: string | null;
  text_sha256: string | null;
  text_version: number | null;
  ip: string | null;
  user_agent: string | null;
  confirmed_with: SignatureConfirmation | null;
  paper_key: string | null;
  note: string | null;
  recorded_by: number | null;
  signed_at: string;
  withdrawn_at: string | null;
  superseded_at: string | null;
}

export interface ActivityPaymentsTable {
  activity_id: number;
  child_id: number;
  amount_cents: number;
  method: PaymentMethod;
  recorded_by: number | null;
  recorded_at: string;
}

/** A reminder sent to a family ('7d', '2d', 'manual:<when>'): once per family per reminder. */
export interface ActivityRemindersTable {
  activity_id: number;
  reminder: string;
  user_id: number;
  sent_at: string;
}

/** A private calendar feed, a family's (`user_id`) or a section's (`section_id`). */
export interface CalendarFeedsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number | null;
  section_id: number | null;
  created_at: string;
}

/** A child's ficha sanitaria, sealed whole by the application (lib/sealed-box.ts). */
export interface HealthRecordsTable {
  child_id: number;
  sealed: string;
  updated_by: number | null;
  updated_at: string;
  confirmed_at: string;
  confirmed_by: number | null;
}

/** The ficha as a guardian confirmed it for an activity (sealed); erased after the activity. */
export interface ActivityHealthConfirmationsTable {
  activity_id: number;
  child_id: number;
  sealed: string;
  confirmed_by: number | null;
  confirmed_at: string;
}

/** A reading of a ficha by someone other than its guardians. */
export interface HealthReadsTable {
  id: Generated<number>;
  child_id: number;
  reader_id: number | null;
  reader_name: string;
  activity_id: number | null;
  activity_title: string;
  via: HealthReadVia;
  read_at: string;
}

/** An adult signed up as staff of an activity. */
export interface ActivityStaffTable {
  activity_id: number;
  user_id: number;
  added_by: number | null;
  added_at: string;
}

/** «Pasar lista»: a child's mark for a day and a moment; the latest `marked_at` wins. */
export interface AttendanceMarksTable {
  activity_id: number;
  child_id: number;
  /** `YYYY-MM-DD`, the day in Europe/Madrid. */
  day: string;
  moment: AttendanceMoment;
  present: number;
  marked_by: number | null;
  marked_at: string;
  synced_at: string;
}

/** A certificado negativo seen (not stored): its date and who checked it. */
export interface SafeguardingCertificatesTable {
  id: Generated<number>;
  user_id: number;
  /** `YYYY-MM-DD`: the certificate's date. */
  issued_on: string;
  checked_by: number | null;
  checked_at: string;
}

export interface CertificateRemindersTable {
  user_id: number;
  due_on: string;
  months_before: number;
  sent_at: string;
}

/** A message to the delegado/a de protección, sealed (lib/sealed-box.ts). */
export interface ProtectionMessagesTable {
  id: Generated<number>;
  sender_id: number | null;
  sealed: string;
  created_at: string;
}

/** The sealed log of who read a message to the delegado/a. */
export interface ProtectionMessageReadsTable {
  id: Generated<number>;
  message_id: number;
  reader_id: number | null;
  reader_name: string;
  read_at: string;
}

export interface Database {
  users: UsersTable;
  invitations: InvitationsTable;
  password_resets: PasswordResetsTable;
  albums: AlbumsTable;
  photos: PhotosTable;
  photo_removal_requests: PhotoRemovalRequestsTable;
  likes: LikesTable;
  comments: CommentsTable;
  oidc_nonces: OidcNoncesTable;
  rate_limits: RateLimitsTable;
  news: NewsTable;
  experiences: ExperiencesTable;
  monitors: MonitorsTable;
  media_journal: MediaJournalTable;
  mail_queue: MailQueueTable;
  audit_log: AuditLogTable;
  sections: SectionsTable;
  scouter_sections: ScouterSectionsTable;
  children: ChildrenTable;
  child_sections: ChildSectionsTable;
  guardians: GuardiansTable;
  invitation_children: InvitationChildrenTable;
  album_sections: AlbumSectionsTable;
  group_settings: GroupSettingsTable;
  consent_texts: ConsentTextsTable;
  child_consents: ChildConsentsTable;
  faces: FacesTable;
  face_scan_queue: FaceScanQueueTable;
  image_renditions: ImageRenditionsTable;
  rendition_queue: RenditionQueueTable;
  image_publications: ImagePublicationsTable;
  activities: ActivitiesTable;
  activity_sections: ActivitySectionsTable;
  activity_questions: ActivityQuestionsTable;
  activity_signups: ActivitySignupsTable;
  authorization_texts: AuthorizationTextsTable;
  activity_authorizations: ActivityAuthorizationsTable;
  activity_payments: ActivityPaymentsTable;
  activity_reminders: ActivityRemindersTable;
  calendar_feeds: CalendarFeedsTable;
  health_records: HealthRecordsTable;
  activity_health_confirmations: ActivityHealthConfirmationsTable;
  health_reads: HealthReadsTable;
  activity_staff: ActivityStaffTable;
  attendance_marks: AttendanceMarksTable;
  safeguarding_certificates: SafeguardingCertificatesTable;
  certificate_reminders: CertificateRemindersTable;
  protection_messages: ProtectionMessagesTable;
  protection_message_reads: ProtectionMessageReadsTable;
}
