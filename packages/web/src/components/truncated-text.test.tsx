import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MIN_HIDDEN, TruncatedText } from './truncated-text';

const eighty = 'Una tarde de juegos en el bosque con las familias y los scouters del grupo scout';

describe('TruncatedText', () => {
  it('shows a text of `max` characters whole, without Mostrar más', () => {
    render(<TruncatedText text={eighty} max={80} />);
    expect(screen.getByText(eighty)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows the whole text when only a final full stop or a few characters would be hidden', () => {
    const { rerender } = render(<TruncatedText text={`${eighty}.`} max={80} />);
    expect(screen.getByText(`${eighty}.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mostrar más' })).not.toBeInTheDocument();
    const almost = `${eighty} ${'y'.repeat(MIN_HIDDEN - 2)}.`;
    rerender(<TruncatedText text={almost} max={80} />);
    expect(screen.getByText(almost)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mostrar más' })).not.toBeInTheDocument();
  });

  it('cuts a longer text, with Mostrar más and Mostrar menos', async () => {
    const user = userEvent.setup();
    const text = `${eighty} ${'y'.repeat(MIN_HIDDEN)}.`;
    render(<TruncatedText text={text} max={80} />);
    expect(screen.getByText(`${eighty}…`)).toBeInTheDocument();
    const more = screen.getByRole('button', { name: 'Mostrar más' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(screen.getByText(text)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Mostrar menos' }));
    expect(screen.getByText(`${eighty}…`)).toBeInTheDocument();
  });
});
