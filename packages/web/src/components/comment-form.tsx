import { CLIENT_ERRORS, type Comment, commentBodySchema, LIMITS, MSG } from '@fogata/shared';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import type { InteractionsApi } from '../lib/interactions-api';
import { COMMENT_TEXTS } from './comment-texts';
import { DismissibleAlert } from './dismissible-alert';

/** The comment form of the comments section, for those who may comment (its own chunk). */
export function CommentForm({
  api,
  onAdded,
}: {
  api: Pick<InteractionsApi, 'addComment'>;
  onAdded: (comment: Comment) => void | Promise<void>;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({ mutationFn: (body: string) => api.addComment(body) });
  const empty = text.trim().length === 0;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = commentBodySchema.safeParse({ comment_text: text });
    if (!parsed.success) {
      setError(
        CLIENT_ERRORS.commentSendFailed(parsed.error.issues[0]?.message ?? MSG.commentEmpty),
      );
      return;
    }
    setError(null);
    try {
      const comment = await add.mutateAsync(parsed.data.comment_text);
      setText('');
      await onAdded(comment);
    } catch (err) {
      setError(CLIENT_ERRORS.commentSendFailed((err as Error).message));
    }
  };

  return (
    <Form noValidate onSubmit={submit} className="mb-3">
      <Form.Group controlId={`${id}-text`}>
        <Form.Label className="visually-hidden">{COMMENT_TEXTS.label}</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          value={text}
          maxLength={LIMITS.commentMax}
          placeholder={COMMENT_TEXTS.placeholder}
          aria-describedby={`${id}-count`}
          onChange={(e) => setText(e.target.value)}
          disabled={add.isPending}
        />
      </Form.Group>
      <div className="d-flex justify-content-between align-items-center mt-2 gap-2">
        <small id={`${id}-count`} className="text-body-secondary" aria-live="polite">
          {text.length}/{LIMITS.commentMax}
        </small>
        <Button type="submit" variant="success" size="sm" disabled={empty || add.isPending}>
          {add.isPending && (
            <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
          )}
          {add.isPending ? COMMENT_TEXTS.sending : COMMENT_TEXTS.submit}
        </Button>
      </div>
      <DismissibleAlert
        variant="danger"
        message={error}
        onClose={() => setError(null)}
        className="mt-2 mb-0"
      />
    </Form>
  );
}
