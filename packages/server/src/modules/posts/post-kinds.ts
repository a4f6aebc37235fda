import {
  EXPERIENCE_CATEGORIES,
  type Experience,
  type ExperienceFormInput,
  experienceFormSchema,
  experienceSchema,
  MSG,
  type News,
  type NewsFormInput,
  type NewsSummary,
  newsFormSchema,
  newsListQuerySchema,
  newsSchema,
  newsSummarySchema,
  SERVER_ERRORS,
  SERVER_SUCCESS,
} from '@fogata/shared';
import type { z } from 'zod';
import type { ExperienceCategoryColumn } from '../../db/schema.js';
import type { PublicImageKind } from '../../media/copies/public-copies.repository.js';
import type { ImageFormOptions } from '../../media/image-form.js';
import { mediaUrlOf } from '../../media/media-urls.js';
import type { ImageFields } from '../../media/renditions/own-copies.js';
import type { MediaUrlSigner } from '../../media/url-signer.js';

/** The columns both kinds of post have: all that the shared module names. */
export interface PostRow {
  id: number;
  title: string;
  description: string;
  image_key: string | null;
  image_thumb_key: string | null;
  image_placeholder: string | null;
  image_width: number | null;
  image_height: number | null;
  image_original_key: string | null;
  image_blur_set: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Likes, comments and the reader's own like and child (types as each database returns them). */
export interface PostCounts {
  likes_count: number | string;
  comments_count: number | string;
  user_has_liked: boolean | number;
  /** A child of the reader's is in the image (a family's own copy, decision 100). */
  has_own_child: boolean | number;
}

/** A list row: the shared columns but the private image ones, with the counts. */
export type PostListRow = Omit<PostRow, 'image_original_key' | 'image_blur_set'> & PostCounts;

/** The types one kind of post is made of. */
export interface PostTypes {
  /** Its own columns besides the shared ones. */
  own: object;
  /** Those of its own columns a list item carries too. */
  ownInList: object;
  item: { id: number; original_url?: string };
  summary: { id: number };
  form: { title: string; description: string };
  /** The field of a create or update answer that holds the post. */
  resultKey: string;
}

/**
 * What makes news and experiences differ: table, API path, image folder, the names the API gives
 * their image fields, their own columns, form and messages. Everything else about a post (list,
 * read, create with an image under consent, edit, delete with its files, likes and comments) is
 * the same code for both.
 */
export interface PostKind<T extends PostTypes> {
  /** How likes, comments, faces and the public-image ledger name the kind. */
  imageKind: PublicImageKind;
  table: 'news' | 'experiences';
  /** The API path under /api, and the read cache's. */
  path: '/news' | '/experiences';
  /** The public media folder of its images. */
  folder: string;
  /** Its own columns that a list item carries besides the shared ones. */
  listColumns: readonly (keyof T['ownInList'] & string)[];
  imageFields: ImageFields<T['summary']> & ImageFields<T['item']>;
  toSummary(row: PostListRow & T['ownInList'], signer: Pick<MediaUrlSigner, 'url'>): T['summary'];
  toItem(row: PostRow & PostCounts & T['own'], signer: Pick<MediaUrlSigner, 'url'>): T['item'];
  resultKey: T['resultKey'];
  /** The text fields of create and update, and how a 400 sums up their messages. */
  form: Omit<ImageFormOptions<T['form']>, 'imageRequired'>;
  imageRequired: string;
  /** The query a list takes, when it takes one (the landing asks for the first few news). */
  listQuery?: z.ZodType<{ limit?: number }>;
  messages: { notFound: string; created: string; updated: string; deleted: string };
  /** The API documentation's tag and route descriptions, in Spanish. */
  docs: {
    tag: string;
    list: string;
    one: string;
    create: string;
    update: string;
    remove: string;
    item: z.ZodType<T['item']>;
    summary: z.ZodType<T['summary']>;
  };
}

/** The image of a post as plain public URLs with what shows while it loads. */
function publicImage(
  row: Omit<PostListRow, keyof PostCounts>,
  signer: Pick<MediaUrlSigner, 'url'>,
) {
  return {
    display: mediaUrlOf(signer, row.image_key),
    thumb: mediaUrlOf(signer, row.image_thumb_key),
    placeholder: row.image_placeholder,
    width: row.image_width,
    height: row.image_height,
  };
}

/** The counts as numbers and booleans, whichever database read them. */
function counts(row: PostCounts) {
  return {
    likes_count: Number(row.likes_count),
    comments_count: Number(row.comments_count),
    user_has_liked: Boolean(row.user_has_liked),
  };
}

type NewsTypes = {
  own: { content: string };
  ownInList: Record<never, never>;
  item: News;
  summary: NewsSummary;
  form: NewsFormInput;
  resultKey: 'news';
};

function newsSummary(row: PostListRow, signer: Pick<MediaUrlSigner, 'url'>): NewsSummary {
  const image = publicImage(row, signer);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    image_url: image.display,
    thumb_url: image.thumb,
    placeholder: image.placeholder,
    width: image.width,
    height: image.height,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...counts(row),
  };
}

/** News: a summary on the cards, the full text on its own page; the list leaves the text out. */
export const NEWS: PostKind<NewsTypes> = {
  imageKind: 'news',
  table: 'news',
  path: '/news',
  folder: 'news',
  listColumns: [],
  imageFields: { image: 'image_url', thumb: 'thumb_url' },
  toSummary: newsSummary,
  toItem: (row, signer) => ({ ...newsSummary(row, signer), content: row.content }),
  resultKey: 'news',
  form: {
    schema: newsFormSchema,
    fields: ['title', 'description', 'content'],
    // A missing text answers the product's general message; a text too long its own.
    summarize: (errors, textMissing) =>
      textMissing ? MSG.missingRequiredData : (errors[0]?.message ?? SERVER_ERRORS.validation),
  },
  imageRequired: MSG.imageRequired,
  listQuery: newsListQuerySchema,
  messages: {
    notFound: SERVER_ERRORS.newsNotFound,
    created: SERVER_SUCCESS.newsCreated,
    updated: SERVER_SUCCESS.newsUpdated,
    deleted: SERVER_SUCCESS.newsDeleted,
  },
  docs: {
    tag: 'noticias',
    list: 'Todas las noticias, las más recientes primero, sin el texto completo (`content` está en GET /news/{id}); `limit` (1–100) da solo las primeras (la portada pide 3). Pública: `user_has_liked` es de quien pregunta (false sin sesión). `image_url` (≤ 1920 px) y `thumb_url` (~480 px, WebP) son URLs públicas que no cambian, con caché de un año.',
    one: 'Una noticia (pública).',
    create:
      'multipart: `title` (1–150), `description` (resumen, 1–300), `content` (1–20000) e `image` (obligatoria: jpg, png, gif o webp, ≤ 25 MB). Si falta un texto: 400 «Error: Faltan datos obligatorios.» con los mensajes por campo en `errors`.',
    update:
      'multipart: `title`, `description`, `content` (obligatorios) e `image` (opcional: reemplaza la imagen y borra la anterior; sin ella, se conserva). También JSON sin imagen.',
    remove: 'Borra la noticia, su imagen, sus me gusta y sus comentarios.',
    item: newsSchema,
    summary: newsSummarySchema,
  },
};

type ExperienceTypes = {
  own: { category: ExperienceCategoryColumn };
  ownInList: { category: ExperienceCategoryColumn };
  item: Experience;
  summary: Experience;
  form: ExperienceFormInput;
  resultKey: 'experience';
};

function experience(
  row: PostListRow & { category: ExperienceCategoryColumn },
  signer: Pick<MediaUrlSigner, 'url'>,
): Experience {
  const image = publicImage(row, signer);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    category: row.category,
    image: image.display,
    image_thumb: image.thumb,
    image_placeholder: image.placeholder,
    image_width: image.width,
    image_height: image.height,
    created_at: row.created_at,
    updated_at: row.updated_at,
    ...counts(row),
  };
}

const categories = EXPERIENCE_CATEGORIES.join(', ');

/**
 * Experiences: a category, the whole text in the list (the category filter is the web app's).
 * The detail page offers editing to admins only, the list to scouters too (decision 007); the
 * API lets both.
 */
export const EXPERIENCES: PostKind<ExperienceTypes> = {
  imageKind: 'experience',
  table: 'experiences',
  path: '/experiences',
  folder: 'experiences',
  listColumns: ['category'],
  imageFields: { image: 'image', thumb: 'image_thumb' },
  toSummary: experience,
  toItem: experience,
  resultKey: 'experience',
  form: {
    schema: experienceFormSchema,
    fields: ['title', 'description', 'category'],
    // The first field's message, like albums.
    summarize: (errors) => errors[0]?.message ?? SERVER_ERRORS.validation,
  },
  imageRequired: MSG.experienceImageRequired,
  messages: {
    notFound: SERVER_ERRORS.experienceNotFound,
    created: SERVER_SUCCESS.experienceCreated,
    updated: SERVER_SUCCESS.experienceUpdated,
    deleted: SERVER_SUCCESS.experienceDeleted,
  },
  docs: {
    tag: 'experiencias',
    list: 'Todas las experiencias, las más recientes primero (el filtro por categoría lo hace la web). Pública: `user_has_liked` es de quien pregunta (false sin sesión). `image` (≤ 1920 px) e `image_thumb` (~480 px, WebP) son URLs públicas que no cambian, con caché de un año.',
    one: 'Una experiencia (pública).',
    create: `multipart: \`title\` (1–150), \`description\` (1–10000), \`category\` (${categories}) e \`image\` (obligatoria: jpg, png, gif o webp, ≤ 25 MB).`,
    update: `multipart: \`title\`, \`description\`, \`category\` (${categories}), obligatorios, e \`image\` (opcional: reemplaza la imagen y borra la anterior; sin ella, se conserva). También JSON sin imagen.`,
    remove: 'Borra la experiencia, su imagen, sus me gusta y sus comentarios.',
    item: experienceSchema,
    summary: experienceSchema,
  },
};
