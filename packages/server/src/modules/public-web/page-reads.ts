import {
  commentSchema,
  experienceSchema,
  firstCommentsPath,
  LIMITS,
  monitorSchema,
  newsSchema,
  newsSummarySchema,
  SERVER_ERRORS,
  sectionSchema,
} from '@fogata/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { ExperiencesService } from '../experiences/experiences.service.js';
import { InteractionsService } from '../interactions/interactions.service.js';
import { MonitorsService } from '../monitors/monitors.service.js';
import { NewsService } from '../news/news.service.js';
import { SectionsService } from '../sections/sections.service.js';
import { publicConfig } from '../system/system.service.js';
import { publicPageHead } from './page-head.js';

/** One API answer a public page reads first, as a visitor without a session gets it. */
export interface PageRead {
  /** The API path the web app asks for (without /api): its queries find the answer by it. */
  path: string;
  /** The answer, read through the server's own services and shaped by the route's schema. */
  read: () => Promise<unknown>;
}

/**
 * The reads of the public pages, straight from the services a visitor's API request would reach,
 * each answer passed through the same response schema as the API's (so a page carries exactly
 * the fields the API would send a visitor, and no more). The viewer is always null: a page's HTML
 * is the visitor's view.
 */
export class PublicReads {
  private readonly news: NewsService;
  private readonly experiences: ExperiencesService;
  private readonly monitors: MonitorsService;
  private readonly sections: SectionsService;
  private readonly newsComments: InteractionsService;
  private readonly experienceComments: InteractionsService;

  constructor(private readonly ctx: AppContext) {
    this.news = new NewsService(ctx);
    this.experiences = new ExperiencesService(ctx);
    this.monitors = new MonitorsService(ctx);
    this.sections = new SectionsService(ctx);
    this.newsComments = new InteractionsService(ctx, {
      targetType: 'news',
      targetExists: (id) => this.news.exists(id),
      notFoundMessage: SERVER_ERRORS.newsNotFound,
    });
    this.experienceComments = new InteractionsService(ctx, {
      targetType: 'experience',
      targetExists: (id) => this.experiences.exists(id),
      notFoundMessage: SERVER_ERRORS.experienceNotFound,
    });
  }

  /** The page's own head tags (title, description, link preview), as a visitor's (decision 116). */
  head(path: string): Promise<string | null> {
    return publicPageHead(this.ctx, path);
  }

  config(): PageRead {
    return { path: '/config', read: () => publicConfig(this.ctx) };
  }

  newsList(limit?: number): PageRead {
    return {
      path: limit ? `/news?limit=${limit}` : '/news',
      read: async () => z.array(newsSummarySchema).parse(await this.news.list(null, limit)),
    };
  }

  newsItem(id: number): PageRead[] {
    const path = `/news/${id}`;
    return [
      { path, read: async () => newsSchema.parse(await this.news.get(null, id)) },
      this.firstComments(path, this.newsComments, id),
    ];
  }

  experienceList(): PageRead {
    return {
      path: '/experiences',
      read: async () => z.array(experienceSchema).parse(await this.experiences.list(null)),
    };
  }

  experienceItem(id: number): PageRead[] {
    const path = `/experiences/${id}`;
    return [
      { path, read: async () => experienceSchema.parse(await this.experiences.get(null, id)) },
      this.firstComments(path, this.experienceComments, id),
    ];
  }

  whoWeAre(): PageRead[] {
    return [
      {
        path: '/sections',
        read: async () => z.array(sectionSchema).parse(await this.sections.list(false)),
      },
      {
        path: '/monitors',
        read: async () => z.array(monitorSchema).parse(await this.monitors.list()),
      },
    ];
  }

  private firstComments(itemPath: string, service: InteractionsService, id: number): PageRead {
    return {
      path: firstCommentsPath(itemPath),
      read: async () =>
        z
          .array(commentSchema)
          .parse(await service.comments(null, id, { page: 1, limit: LIMITS.commentsPageSize })),
    };
  }
}
