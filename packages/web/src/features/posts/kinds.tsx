import {
  type Capability,
  CLIENT_ERRORS,
  EXPERIENCE_CATEGORIES,
  EXPERIENCE_CATEGORY_LABELS,
  type Experience,
  type News,
  type NewsSummary,
} from '@fogata/shared';
import type { ReactNode } from 'react';
import Badge from 'react-bootstrap/Badge';
import { Loading } from '../../components/loading';
import { LongDate } from '../../components/local-date';
import { paths } from '../../config/paths';
import { DetailImage, DetailSkeleton, type PostImage } from './components/detail-parts';
import { EXPERIENCE_TEXTS, NEWS_TEXTS, type PostTexts } from './texts';

/** What every post carries, whatever its kind. */
export interface PostBase {
  id: number;
  title: string;
  description: string;
  created_at: string;
  likes_count: number;
  comments_count: number;
  user_has_liked: boolean;
  original_url?: string;
}

/** A filter of a list by one of the items' values, kept in the URL so links and back keep it. */
export interface PostFilter<S> {
  /** The URL's query parameter. */
  param: string;
  label: string;
  /** 'all' first, then each value. */
  options: readonly { value: string; label: string }[];
  matches: (item: S, value: string) => boolean;
}

/**
 * What makes news and experiences differ on screen: the API path, texts, error messages, the
 * names of their image fields, the routes, who edits on the detail page, and the few places
 * whose content is the kind's own (a card's label, the detail's body). The pages, the calls and
 * the form are the same code for both.
 */
export interface PostKind<S extends PostBase = PostBase, I extends S = S> {
  name: 'news' | 'experiences';
  /** The API path, also the first part of every query key of the kind. */
  path: '/news' | '/experiences';
  texts: PostTexts;
  errors: {
    list: string;
    get: (id: number) => string;
    create: string;
    update: (id: number) => string;
    remove: (id: number) => string;
    like: (id: number) => string;
    unlike: (id: number) => string;
    /** How the comment messages name post `id`. */
    target: (id: number) => string;
  };
  href: { list: () => string; detail: (id: number) => string; faces: (id: number) => string };
  /** The detail route's parameter holding the id. */
  routeParam: string;
  /** Who edits and deletes on the detail page (on the list, whoever manages content). */
  detailManage: Capability;
  image: (item: S) => PostImage;
  /** The card image's shape; the list's skeletons take it too when `skeletonRatio` says so. */
  cardRatio: number;
  skeletonRatio?: number;
  cardLabel: (item: S) => ReactNode;
  filter?: PostFilter<S>;
  /** The detail page: above the line of buttons, at its start, and below it. */
  detail: {
    top: (item: I) => ReactNode;
    meta: (item: I) => ReactNode;
    body: (item: I) => ReactNode;
    /** What shows while it loads. */
    loading: () => ReactNode;
  };
}

export const NEWS_KIND: PostKind<NewsSummary, News> = {
  name: 'news',
  path: '/news',
  texts: NEWS_TEXTS,
  errors: {
    list: CLIENT_ERRORS.newsList,
    get: CLIENT_ERRORS.newsGet,
    create: CLIENT_ERRORS.newsCreate,
    update: CLIENT_ERRORS.newsUpdate,
    remove: CLIENT_ERRORS.newsDelete,
    like: CLIENT_ERRORS.newsLike,
    unlike: CLIENT_ERRORS.newsUnlike,
    target: (id) => `la noticia ${id}`,
  },
  href: {
    list: paths.news.getHref,
    detail: paths.newsDetail.getHref,
    faces: paths.newsFaces.getHref,
  },
  routeParam: 'newsId',
  detailManage: 'content:manage',
  image: (news) => ({
    src: news.image_url,
    thumb: news.thumb_url,
    placeholder: news.placeholder,
    width: news.width,
    height: news.height,
  }),
  cardRatio: 16 / 9,
  skeletonRatio: 16 / 9,
  cardLabel: (news) => (
    <time dateTime={news.created_at} className="small text-body-secondary mb-1">
      <LongDate value={news.created_at} />
    </time>
  ),
  detail: {
    top: (news) => <h1 className="h2 mb-2 text-break">{news.title}</h1>,
    meta: (news) => (
      <time dateTime={news.created_at} className="text-body-secondary me-auto">
        <LongDate value={news.created_at} />
      </time>
    ),
    body: (news) => (
      <>
        {news.image_url ? (
          <DetailImage item={news} image={NEWS_KIND.image(news)} />
        ) : (
          <p className="text-body-secondary fst-italic">{NEWS_TEXTS.noImage}</p>
        )}
        <p className="lead fst-italic text-break">{news.description}</p>
        <div className="preserve-lines mb-4">{news.content}</div>
      </>
    ),
    loading: () => <Loading label={NEWS_TEXTS.loadingDetail} />,
  },
};

export const EXPERIENCES_KIND: PostKind<Experience> = {
  name: 'experiences',
  path: '/experiences',
  texts: EXPERIENCE_TEXTS,
  errors: {
    list: CLIENT_ERRORS.experiencesList,
    get: CLIENT_ERRORS.experienceGet,
    create: CLIENT_ERRORS.experienceCreate,
    update: CLIENT_ERRORS.experienceUpdate,
    remove: CLIENT_ERRORS.experienceDelete,
    like: CLIENT_ERRORS.experienceLike,
    unlike: CLIENT_ERRORS.experienceUnlike,
    target: (id) => `la experiencia ${id}`,
  },
  href: {
    list: paths.experiences.getHref,
    detail: paths.experienceDetail.getHref,
    faces: paths.experienceFaces.getHref,
  },
  routeParam: 'id',
  // Only an admin edits and deletes on this page (decision 007).
  detailManage: 'experience:manage:detail',
  image: (experience) => ({
    src: experience.image,
    thumb: experience.image_thumb,
    placeholder: experience.image_placeholder,
    width: experience.image_width,
    height: experience.image_height,
  }),
  cardRatio: 4 / 3,
  cardLabel: (experience) => (
    <div className="mb-2">
      <Badge bg="success-subtle" text="success-emphasis" className="fw-semibold">
        {EXPERIENCE_CATEGORY_LABELS[experience.category]}
      </Badge>
    </div>
  ),
  filter: {
    param: 'categoria',
    label: EXPERIENCE_TEXTS.filterLabel,
    options: [
      { value: 'all', label: EXPERIENCE_TEXTS.filterAll },
      ...EXPERIENCE_CATEGORIES.map((value) => ({
        value,
        label: EXPERIENCE_CATEGORY_LABELS[value],
      })),
    ],
    matches: (experience, value) => experience.category === value,
  },
  detail: {
    top: (experience) => (
      <>
        {experience.image && (
          <DetailImage item={experience} image={EXPERIENCES_KIND.image(experience)} />
        )}
        <h1 className="h2 mb-1 text-break">{experience.title}</h1>
      </>
    ),
    meta: (experience) => (
      <span className="text-body-secondary me-auto">
        {EXPERIENCE_TEXTS.category(EXPERIENCE_CATEGORY_LABELS[experience.category])}
      </span>
    ),
    body: (experience) =>
      experience.description.trim() ? (
        <div className="preserve-lines mb-4">{experience.description}</div>
      ) : (
        <p className="text-body-secondary fst-italic mb-4">{EXPERIENCE_TEXTS.noDescription}</p>
      ),
    loading: () => <DetailSkeleton label={EXPERIENCE_TEXTS.loadingDetail} />,
  },
};
