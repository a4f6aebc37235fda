import { CLIENT_ERRORS } from '@fogata/shared';
import { useState } from 'react';
import { useConfirmedDelete } from './use-confirmed-delete';

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
  const removal = useConfirmedDelete<T>(remove, (reason) =>
    CLIENT_ERRORS.deleteFailed(what, reason),
  );

  const openForm = (item: T | null) => {
    setFormItem(item);
    setFormOpen(true);
  };

  return {
    formOpen,
    formItem,
    openForm,
    closeForm: () => setFormOpen(false),
    target: removal.target,
    setTarget: removal.ask,
    banner: removal.banner,
    setBanner: removal.setBanner,
    confirmDelete: removal.confirm,
  };
}
