import { CLIENT_ERRORS } from '@fogata/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageErrorBoundary } from './page-error-boundary';

function Broken(): never {
  throw new Error('fallo al dibujar');
}

afterEach(() => vi.restoreAllMocks());

describe('PageErrorBoundary', () => {
  it('shows the unknown-error text when a page fails to draw, and tries again on another page', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { rerender } = render(
      <PageErrorBoundary resetKey="/news/1">
        <Broken />
      </PageErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(CLIENT_ERRORS.unknown);

    rerender(
      <PageErrorBoundary resetKey="/news">
        <p>Noticias</p>
      </PageErrorBoundary>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Noticias')).toBeInTheDocument();
  });
});
