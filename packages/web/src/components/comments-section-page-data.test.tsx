import { firstCommentsPath } from '@fogata/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createInteractionsApi } from '../lib/interactions-api';
import { setPageDataSource } from '../lib/page-data';
import { stubApi } from '../test/api-stub';
import { comment } from '../test/comments';
import { renderApp } from '../test/render';
import { CommentsSection } from './comments-section';

// The server's render of an item's page starts its comments with the first page it read
// (entry-server.tsx, lib/page-data); the browser gets that query's state with the page.

const all = Array.from({ length: 7 }, (_, i) => comment(7 - i));

function writePage() {
  setPageDataSource(() => ({ [firstCommentsPath('/news/3')]: all.slice(0, 5) }));
}

function newsApi() {
  const pages: number[] = [];
  const calls = stubApi({
    'GET /news/3/comments': (config) => {
      const { page, limit } = config.params as { page: number; limit: number };
      pages.push(page);
      return [200, all.slice((page - 1) * limit, page * limit)];
    },
  });
  const api = createInteractionsApi('/news', 3, {
    like: 'l',
    unlike: 'u',
    commentsGet: 'Error al obtener comentarios para la noticia 3.',
    commentAdd: 'a',
    commentDelete: (id) => `d ${id}`,
  });
  return { api, calls, pages };
}

const listItems = () =>
  within(screen.getByRole('list', { name: 'Lista de comentarios' })).getAllByRole('listitem');

afterEach(() => setPageDataSource(() => undefined));

describe('CommentsSection with the first page in the page', () => {
  it("draws a visitor's first comments at once, without asking; the next page is asked for", async () => {
    writePage();
    const { api, calls, pages } = newsApi();
    const { user } = renderApp(<CommentsSection api={api} canComment={false} />);
    // Drawn in the first render: no 'Cargando comentarios...' and no request.
    expect(listItems()).toHaveLength(5);
    expect(screen.getByText('Comentario número 7')).toBeInTheDocument();
    expect(screen.queryByText('Cargando comentarios...')).not.toBeInTheDocument();
    await new Promise((done) => setTimeout(done, 50));
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cargar más comentarios' }));
    await waitFor(() => expect(listItems()).toHaveLength(7));
    expect(calls.map((c) => c.url)).toEqual(['/news/3/comments']);
    expect(pages).toEqual([2]);
  });
});
