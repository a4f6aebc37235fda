import { type ReactNode, useEffect, useRef, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import type { AlertVariant, Banner } from '../lib/banner';
import { CheckCircleIcon, CrossCircleIcon, InfoIcon, TriangleIcon } from './icons';

export type { AlertVariant, Banner };

const ICONS: Record<AlertVariant, typeof InfoIcon> = {
  danger: CrossCircleIcon,
  warning: TriangleIcon,
  info: InfoIcon,
  success: CheckCircleIcon,
};

/** A message containing the word 'error' is shown as danger, anything else as success. */
export function variantFor(message: string | null | undefined): 'danger' | 'success' {
  return message && /error/i.test(message) ? 'danger' : 'success';
}

export interface DismissibleAlertProps {
  variant: AlertVariant;
  /** Nothing is shown without a message. */
  message: ReactNode;
  /** Makes the alert dismissible (unless `dismissible` is false); called on close and auto-dismiss. */
  onClose?: () => void;
  dismissible?: boolean;
  /** Hides the alert after this many ms; active only when above 0. */
  autoDismiss?: number;
  /** More content under the message (a list of errors, links). */
  children?: ReactNode;
  className?: string;
}

/** The app's one alert: four variants with icons, optional auto-dismiss, closable when it can. */
export function DismissibleAlert({
  variant,
  message,
  onClose,
  dismissible = true,
  autoDismiss = 0,
  children,
  className,
}: DismissibleAlertProps) {
  const [dismissed, setDismissed] = useState(false);
  const [shown, setShown] = useState<ReactNode>(message);
  // A new message (or the same one again after a clear) shows again.
  if (message !== shown) {
    setShown(message);
    setDismissed(false);
  }

  // The latest onClose, so that a parent's new callback does not restart the timer.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    if (!message || !(autoDismiss > 0)) return;
    const timer = setTimeout(() => {
      setDismissed(true);
      onCloseRef.current?.();
    }, autoDismiss);
    return () => clearTimeout(timer);
  }, [message, autoDismiss]);

  if (!message || dismissed) return null;

  const Icon = ICONS[variant];
  const canClose = dismissible && !!onClose;
  const isDanger = variant === 'danger';

  return (
    <Alert
      variant={variant}
      dismissible={canClose}
      closeLabel="Cerrar aviso"
      onClose={() => {
        setDismissed(true);
        onClose?.();
      }}
      role={isDanger ? 'alert' : 'status'}
      aria-live={isDanger ? 'assertive' : 'polite'}
      aria-atomic="true"
      className={['d-flex gap-2 align-items-start', className].filter(Boolean).join(' ')}
      data-variant={variant}
    >
      <Icon className="flex-shrink-0 mt-1" data-icon={variant} />
      <div className="flex-grow-1 text-break">
        <div>{message}</div>
        {children}
      </div>
    </Alert>
  );
}

/** The alert of a screen's banner: danger unless it says otherwise, closed by clearing it. */
export function BannerAlert({
  banner,
  onClose,
  children,
}: {
  banner: { variant: AlertVariant; message: string } | null;
  /** Absent, the alert cannot be closed (after a success that leads elsewhere). */
  onClose?: () => void;
  children?: ReactNode;
}) {
  return (
    <DismissibleAlert
      variant={banner?.variant ?? 'danger'}
      message={banner?.message}
      onClose={onClose}
    >
      {children}
    </DismissibleAlert>
  );
}

/** Why a list could not load: a danger alert the visitor may close, gone for good once closed. */
export function LoadFailedAlert({ message }: { message: ReactNode }) {
  const [closed, setClosed] = useState(false);
  if (closed) return null;
  return <DismissibleAlert variant="danger" message={message} onClose={() => setClosed(true)} />;
}
