import { ComingSoon } from '../../../components/coming-soon';

/** /album/:albumId — built in a later issue. */
export function AlbumPage() {
  return <ComingSoon title="Álbumes de Fotos" />;
}
