import { useState } from 'react';
import { useCloseAfterSuccess } from '../lib/use-close-after-success';
import { variantFor } from './dismissible-alert';
import type { ImageFormStatus } from './image-form-modal';

interface ImageFormTexts {
  create: string;
  creating: string;
  save: string;
  saving: string;
}

/**
 * The saving of the album, news and experience forms (one way for all): the chosen image, a missing
 * image on create refused with `imageRequired`, the call's message in the alert (a failed call is
 * always danger; a message is danger when it says 'error', decision 005), the fields kept disabled
 * once saved, and the modal closed 1.5 s after a success.
 */
export function useImageFormSave({
  editing,
  busy,
  imageRequired,
  texts,
  onClose,
}: {
  editing: boolean;
  busy: boolean;
  imageRequired: string;
  texts: ImageFormTexts;
  onClose: () => void;
}) {
  const [status, setStatus] = useState<{ message: string; failed: boolean } | null>(null);
  const [done, setDone] = useState(false);
  const [image, setImage] = useState<File | null>(null);
  useCloseAfterSuccess(done, onClose);

  /** Runs `call` with the chosen image (never null on create) and shows how it went. */
  const save = async (call: (image: File | null) => Promise<{ message: string }>) => {
    setStatus(null);
    if (!editing && !image) {
      setStatus({ message: imageRequired, failed: true });
      return;
    }
    try {
      const result = await call(image);
      setStatus({ message: result.message, failed: false });
      setDone(true);
    } catch (error) {
      setStatus({ message: (error as Error).message, failed: true });
    }
  };

  const shellStatus: ImageFormStatus | null = status && {
    variant: status.failed ? 'danger' : variantFor(status.message),
    message: status.message,
  };

  return {
    image,
    setImage,
    done,
    save,
    setStatus,
    /** What the shell takes: busy, done, the alert and its closing, the submit's text. */
    shell: {
      busy,
      done,
      status: shellStatus,
      onStatusClose: () => setStatus(null),
      submitLabel: editing
        ? busy
          ? texts.saving
          : texts.save
        : busy
          ? texts.creating
          : texts.create,
    },
  };
}
