import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DismissibleAlert, variantFor } from './dismissible-alert';

describe('DismissibleAlert', () => {
  it('shows nothing without a message', () => {
    const { container } = render(<DismissibleAlert variant="success" message="" />);
    expect(container).toBeEmptyDOMElement();
  });

  it('danger is an assertive alert with the cross icon', () => {
    render(<DismissibleAlert variant="danger" message="Error al enviar las invitaciones." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error al enviar las invitaciones.');
    expect(alert).toHaveAttribute('aria-live', 'assertive');
    expect(alert).toHaveClass('alert-danger');
    expect(alert.querySelector('[data-icon="danger"]')).not.toBeNull();
  });

  it.each([
    ['warning', 'alert-warning'],
    ['info', 'alert-info'],
    ['success', 'alert-success'],
  ] as const)('%s is a polite status with its own icon', (variant, cls) => {
    render(<DismissibleAlert variant={variant} message="Hecho." />);
    const status = screen.getByRole('status');
    expect(status).toHaveClass(cls);
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status.querySelector(`[data-icon="${variant}"]`)).not.toBeNull();
    expect(status.querySelectorAll('svg')).toHaveLength(1);
  });

  it('is dismissible only when it has a close action', async () => {
    const { rerender } = render(<DismissibleAlert variant="info" message="Hola" />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    const onClose = vi.fn();
    rerender(<DismissibleAlert variant="info" message="Hola" onClose={onClose} />);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Hola')).not.toBeInTheDocument();
    rerender(
      <DismissibleAlert variant="info" message="Hola" onClose={onClose} dismissible={false} />,
    );
  });

  it('auto-dismisses after the given ms', () => {
    vi.useFakeTimers();
    const onClose = vi.fn();
    render(
      <DismissibleAlert
        variant="success"
        message="Guardado."
        autoDismiss={3000}
        onClose={onClose}
      />,
    );
    act(() => vi.advanceTimersByTime(2999));
    expect(screen.getByText('Guardado.')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Guardado.')).not.toBeInTheDocument();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('does not auto-dismiss when the time is 0 or less', () => {
    vi.useFakeTimers();
    render(
      <>
        <DismissibleAlert variant="success" message="Cero" autoDismiss={0} />
        <DismissibleAlert variant="info" message="Negativo" autoDismiss={-5} />
      </>,
    );
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('Cero')).toBeInTheDocument();
    expect(screen.getByText('Negativo')).toBeInTheDocument();
  });

  it('shows a message again after it was closed and set anew', async () => {
    function Harness() {
      const [msg, setMsg] = useState<string | null>('Uno');
      return (
        <>
          <DismissibleAlert variant="success" message={msg} onClose={() => setMsg(null)} />
          <button type="button" onClick={() => setMsg('Uno')}>
            otra vez
          </button>
        </>
      );
    }
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'Cerrar aviso' }));
    expect(screen.queryByText('Uno')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'otra vez' }));
    expect(screen.getByText('Uno')).toBeInTheDocument();
  });
});

describe('variantFor', () => {
  it("is danger when the message contains 'error', in any case", () => {
    expect(variantFor('Error: No se introdujeron emails válidos.')).toBe('danger');
    expect(variantFor('Hubo un ERROR')).toBe('danger');
    expect(variantFor('Perfil actualizado correctamente.')).toBe('success');
  });
});
