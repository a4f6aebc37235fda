import type { Album } from '@fogata/shared';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useCan } from '../../../lib/can';
import { useDownloadAlbum } from '../api/download-album';
import { GALLERY_TEXTS as T } from '../texts';

interface DownloadAlbumButtonProps {
  album: Album;
  /** A failure to start the download, for the page's banner. */
  onError: (message: string) => void;
}

/** 'Descargar álbum': the album as a ZIP, downloaded by the browser (decision 019). */
export function DownloadAlbumButton({ album, onError }: DownloadAlbumButtonProps) {
  const canDownload = useCan('album:download');
  const download = useDownloadAlbum();
  if (!canDownload || album.photos_count === 0) return null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
      <Button
        variant="outline-dark"
        size="sm"
        disabled={download.isPending}
        aria-describedby={`download-help-${album.id}`}
        onClick={() =>
          download.mutate(album.id, { onError: (error) => onError((error as Error).message) })
        }
      >
        {download.isPending && (
          <Spinner as="span" animation="border" size="sm" aria-hidden="true" className="me-2" />
        )}
        {download.isPending ? T.downloadPreparing : T.download}
      </Button>
      <small id={`download-help-${album.id}`} className="text-body-secondary">
        {T.downloadHelp(album.photos_count)}
      </small>
    </div>
  );
}
