import { CLIENT_ERRORS } from '@fogata/shared';
import { useState } from 'react';
import type { AlertVariant } from '../components/dismissible-alert';

/** What a page of cards says above them after an action: a success or a failure. */
export type Banner = { variant: AlertVariant; message: string } | null;

/**
 * The form and the delete confirmation of a page of cards a manager edits (the albums, the
 * scouters): the item being edited stays while the form fades out (null means a new one), and a
 * delete's answer, or its failure in words (`what` names the thing), becomes the page's banner.
 */
export function useCardActions<T extends { id: number }>(
  remove: (id: number) => Promise<{ message: string }>,
  what: string,
) {
  const [formOpen, setFormOpen] = useState(false);
  const [formItem, setFormItem] = useState<T | null>(null);
  const [target, setTarget] = useState<T | null>(null);
  const [banner, setBanner] = useState<Banner>(null);

  const openForm = (item: T | null) => {
    setFormItem(item);
    setFormOpen(true);
  };

  const confirmDelete = async () => {
    if (!target) return;
    setBanner(null);
    try {
      const result = await remove(target.id);
      setBanner({ variant: 'success', message: result.message });
    } catch (error) {
      setBanner({
        variant: 'danger',
        message: CLIENT_ERRORS.deleteFailed(what, (error as Error).message),
      });
    } finally {
      setTarget(null);
    }
  };

  return {
    formOpen,
    formItem,
    openForm,
    closeForm: () => setFormOpen(false),
    target,
    setTarget,
    banner,
    setBanner,
    confirmDelete,
  };
}
