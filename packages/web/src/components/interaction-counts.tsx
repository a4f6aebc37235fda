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
      <span className="d-inline-flex align-items-center gap-1" title={COUNT_TEXTS.likes(likes)}>
        <HeartIcon className="text-danger" />
        <span aria-hidden="true">{likes}</span>
        <span className="visually-hidden">{COUNT_TEXTS.likes(likes)}</span>
      </span>
      <span
        className="d-inline-flex align-items-center gap-1"
        title={COUNT_TEXTS.comments(comments)}
      >
        <ChatIcon />
        <span aria-hidden="true">{comments}</span>
        <span className="visually-hidden">{COUNT_TEXTS.comments(comments)}</span>
      </span>
    </>
  );
}
