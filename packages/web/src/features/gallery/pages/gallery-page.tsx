import { ComingSoon } from '../../../components/coming-soon';

/** /gallery — built in a later issue. */
export function GalleryPage() {
  return <ComingSoon title="Álbumes de Fotos" />;
}
