import { CLIENT_ERRORS, LIMITS, type LikeResult } from '@fogata/shared';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { HeartFillIcon, HeartIcon } from './icons';

export interface LikeButtonProps {
  liked: boolean;
  count: number;
  /** The like calls of the item (see lib/interactions-api); absent for anonymous visitors. */
  api?: { like: () => Promise<LikeResult>; unlike: () => Promise<LikeResult> } | null;
  /** Whether the visitor may like at all (the 'interact' capability). */
  canLike: boolean;
  /** Told the server's answer, so a parent can update what it shows elsewhere. */
  onChange?: (result: LikeResult) => void;
  size?: 'sm' | 'lg';
  className?: string;
  /**
   * Show the message in a small box over what is below, aligned to this side of the button, so
   * nothing moves when it appears (a row with the button at its end, e.g. a detail page's).
   * Without it the message takes its own line under the button.
   */
  messageFloat?: 'start' | 'end';
}

/**
 * Flips at once (count ±1), then takes the server's likeCount and userHasLiked; on
 * failure it goes back and shows the error for 4 s; clicks while a call runs are ignored.
 */
export function LikeButton({
  liked,
  count,
  api,
  canLike,
  onChange,
  size = 'sm',
  className,
  messageFloat,
}: LikeButtonProps) {
  const [state, setState] = useState({ liked, count });
  const [error, setError] = useState<string | null>(null);
  const running = useRef(false);

  // New data from the parent (a refetch) wins, unless a call is still on its way.
  const [seen, setSeen] = useState({ liked, count });
  if (seen.liked !== liked || seen.count !== count) {
    setSeen({ liked, count });
    if (!running.current) setState({ liked, count });
  }

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), LIMITS.likeErrorMs);
    return () => clearTimeout(timer);
  }, [error]);

  const toggle = async () => {
    if (!canLike || !api) {
      setError(CLIENT_ERRORS.likeAnonymous);
      return;
    }
    if (running.current) return;
    running.current = true;
    const before = state;
    const next = {
      liked: !before.liked,
      count: Math.max(0, before.count + (before.liked ? -1 : 1)),
    };
    setState(next);
    setError(null);
    try {
      const result = before.liked ? await api.unlike() : await api.like();
      setState({ liked: result.userHasLiked, count: result.likeCount });
      onChange?.(result);
    } catch (err) {
      setState(before);
      setError((err as Error).message);
    } finally {
      running.current = false;
    }
  };

  const Icon = state.liked ? HeartFillIcon : HeartIcon;
  return (
    <span
      className={[
        'd-inline-flex flex-column align-items-start',
        messageFloat && 'position-relative',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
    >
      <Button
        variant={state.liked ? 'danger' : 'outline-danger'}
        size={size}
        className="d-inline-flex align-items-center gap-1 like-button"
        aria-pressed={state.liked}
        // The visible count is part of the name (WCAG 2.5.3): 'Me gusta: 3'.
        aria-label={`${state.liked ? 'Quitar me gusta' : 'Me gusta'}: ${state.count}`}
        onClick={toggle}
      >
        <Icon size={size === 'lg' ? 20 : 16} />
        <span data-testid="like-count">{state.count}</span>
      </Button>
      {error && (
        <span
          role="alert"
          className={
            messageFloat
              ? `small text-danger like-message-float like-message-${messageFloat}`
              : 'small text-danger mt-1'
          }
        >
          {error}
        </span>
      )}
    </span>
  );
}
