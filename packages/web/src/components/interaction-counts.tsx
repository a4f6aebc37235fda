import type { ReactNode } from 'react';
import { ChatIcon, HeartIcon } from './icons';

/** How the counts read to a screen reader (and in the tooltip). */
export const COUNT_TEXTS = {
  likes: (n: number) => (n === 1 ? '1 me gusta' : `${n} me gusta`),
  comments: (n: number) => (n === 1 ? '1 comentario' : `${n} comentarios`),
} as const;

/** The likes and comments counts of a card: icons and numbers, with full words for screen readers. */
export function InteractionCounts({ likes, comments }: { likes: number; comments: number }) {
  return (
    <>
      <IconCount
        icon={<HeartIcon className="text-danger" />}
        count={likes}
        label={COUNT_TEXTS.likes(likes)}
      />
      <IconCount icon={<ChatIcon />} count={comments} label={COUNT_TEXTS.comments(comments)} />
    </>
  );
}

/** One count of a card: an icon and a number, read (and shown as a tooltip) as `label`. */
export function IconCount({
  icon,
  count,
  label,
}: {
  icon: ReactNode;
  count: number;
  label: string;
}) {
  return (
    <span className="d-inline-flex align-items-center gap-1" title={label}>
      {icon}
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
