import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SHELL_TITLE } from '@fogata/shared';
import { QueryClient } from '@tanstack/react-query';
import { act, render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, type NavigateFunction, useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/api-stub';
import { App } from '../app';

const GROUP = 'Grupo Scout Prueba 7';

/** The answer of GET /news/{id} or /experiences/{id}, as far as a title goes. */
const item = (id: number, title: string) => ({ id, title, description: '', content: '' });

describe('the tab title on moving inside the app', () => {
  it('is the one the server writes into each page', async () => {
    stubApi({
      'GET /config': [200, { groupName: GROUP, oidc: null }],
      'GET /news': [200, []],
      'GET /news/7': [200, item(7, 'Acampada de otoño')],
      'GET /experiences/3': [200, item(3, 'Ruta del Cares')],
    });
    let go: NavigateFunction = () => {};
    function Navigator() {
      go = useNavigate();
      return null;
    }
    const Router = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/news']}>
        <Navigator />
        {children}
      </MemoryRouter>
    );
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    document.title = SHELL_TITLE;
    await act(async () => {
      render(<App queryClient={queryClient} router={Router} />);
    });

    const visit = async (path: string, title: string) => {
      await act(async () => go(path));
      await waitFor(() => expect(document.title).toBe(title));
    };
    await waitFor(() => expect(document.title).toBe(`Noticias · ${GROUP}`));
    await visit('/news/7', `Acampada de otoño · ${GROUP}`);
    await visit('/news/8', `Noticia no encontrada · ${GROUP}`);
    await visit('/experience/3', `Ruta del Cares · ${GROUP}`);
    await visit('/experience/4', `Experiencia no encontrada · ${GROUP}`);
    await visit('/experiences', `Experiencias · ${GROUP}`);
    await visit('/whoweare', `¿Quiénes somos? · ${GROUP}`);
    await visit('/', GROUP);
    await visit('/login', SHELL_TITLE);
  });

  it("names the shell's own title as index.html does", () => {
    const html = readFileSync(join(__dirname, '..', '..', '..', 'index.html'), 'utf8');
    expect(html).toContain(`<title>${SHELL_TITLE}</title>`);
  });
});
