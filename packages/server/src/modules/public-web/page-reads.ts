import {
  commentSchema,
  firstCommentsPath,
  LIMITS,
  monitorSchema,
  publicDelegateSchema,
  sectionSchema,
} from '@fogata/shared';
import { z } from 'zod';
import type { AppContext } from '../../context.js';
import { InteractionsService } from '../interactions/interactions.service.js';
import { MonitorsService } from '../monitors/monitors.service.js';
import {
  experiencesService,
  newsService,
  type PostsService,
  type PostTypes,
} from '../posts/posts.service.js';
import { publicDelegate } from '../protection/protection.service.js';
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
  private readonly news: ReturnType<typeof newsService>;
  private readonly experiences: ReturnType<typeof experiencesService>;
  private readonly monitors: MonitorsService;
  private readonly sections: SectionsService;

  constructor(private readonly ctx: AppContext) {
    this.news = newsService(ctx);
    this.experiences = experiencesService(ctx);
    this.monitors = new MonitorsService(ctx);
    this.sections = new SectionsService(ctx);
  }

  /** The page's own head tags (title, description, link preview), as a visitor's (decision 116). */
  head(path: string): Promise<string | null> {
    return publicPageHead(this.ctx, path);
  }

  config(): PageRead {
    return { path: '/config', read: () => publicConfig(this.ctx) };
  }

  newsList(limit?: number): PageRead {
    return postList(this.news, limit);
  }

  newsItem(id: number): PageRead[] {
    return postItem(this.ctx, this.news, id);
  }

  experienceList(): PageRead {
    return postList(this.experiences);
  }

  experienceItem(id: number): PageRead[] {
    return postItem(this.ctx, this.experiences, id);
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
      // The group's delegado/a de protección: who they are and how to reach them (or null).
      {
        path: '/protection/delegate',
        read: async () =>
          publicDelegateSchema.nullable().parse(await publicDelegate(this.ctx.db.kysely)),
      },
    ];
  }
}

/** A list of posts as a visitor reads it (`limit` only where the kind takes one). */
function postList<T extends PostTypes>(service: PostsService<T>, limit?: number): PageRead {
  const { path, docs } = service.kind;
  return {
    path: limit ? `${path}?limit=${limit}` : path,
    read: async () => z.array(docs.summary).parse(await service.list(null, limit)),
  };
}

/** A post and the first page of its comments, as a visitor reads them. */
function postItem<T extends PostTypes>(
  ctx: AppContext,
  service: PostsService<T>,
  id: number,
): PageRead[] {
  const { kind } = service;
  const path = `${kind.path}/${id}`;
  const comments = new InteractionsService(ctx, {
    targetType: kind.imageKind,
    targetExists: (id) => service.exists(id),
    notFoundMessage: kind.messages.notFound,
  });
  return [
    { path, read: async () => kind.docs.item.parse(await service.get(null, id)) },
    {
      path: firstCommentsPath(path),
      read: async () =>
        z
          .array(commentSchema)
          .parse(await comments.comments(null, id, { page: 1, limit: LIMITS.commentsPageSize })),
    },
  ];
}
