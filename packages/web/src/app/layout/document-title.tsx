import {
  listPageTitle,
  PUBLIC_PAGE_TEXTS,
  publicPageTitle,
  ROUTES,
  routeMatcher,
  SHELL_TITLE,
} from '@fogata/shared';
import { type QueryKey, type QueryState, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';
import { postQueryKey } from '../../features/posts/api/posts-api';
import { useAppConfig } from '../../lib/app-config';

const matchNews = routeMatcher(ROUTES.newsDetail);
const matchExperience = routeMatcher(ROUTES.experienceDetail);

/** The item page at `path`: its query (the page itself asks it) and its not-found title. */
function itemOf(path: string): { key: QueryKey; missing: string } | null {
  const news = matchNews(path)?.newsId;
  if (news)
    return {
      key: postQueryKey({ name: 'news' }, Number(news)),
      missing: PUBLIC_PAGE_TEXTS.newsNotFound,
    };
  const experience = matchExperience(path)?.id;
  if (experience) {
    return {
      key: postQueryKey({ name: 'experiences' }, Number(experience)),
      missing: PUBLIC_PAGE_TEXTS.experienceNotFound,
    };
  }
  return null;
}

/** The state of the query `key` in the cache, followed as it changes; never asks it itself. */
function useCachedState(key: QueryKey | null): QueryState<{ title?: string }> | undefined {
  const queryClient = useQueryClient();
  const hash = JSON.stringify(key);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is followed by its hash
  const read = useCallback(
    () => (key ? queryClient.getQueryState<{ title?: string }>(key) : undefined),
    [queryClient, hash],
  );
  return useSyncExternalStore(
    useCallback((onChange) => queryClient.getQueryCache().subscribe(onChange), [queryClient]),
    read,
    read,
  );
}

/**
 * The browser tab's title as the server's head gives it on a first load: a public page's own
 * (its item's title once the page has it, or its not-found text), else the shell's. The server
 * writes it only into the first page; moving on inside the app, this keeps it true.
 */
export function DocumentTitle() {
  const { pathname } = useLocation();
  const group = useAppConfig().data?.groupName;
  const item = itemOf(pathname);
  const state = useCachedState(item?.key ?? null);

  let title: string | null = null;
  if (group) {
    const list = listPageTitle(pathname, group);
    if (list) title = publicPageTitle(list, group);
    else if (!item) title = SHELL_TITLE;
    else if (state?.data?.title) title = publicPageTitle(state.data.title, group);
    else if (state?.status === 'error') title = publicPageTitle(item.missing, group);
  }

  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
  return null;
}
