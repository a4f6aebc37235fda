import Placeholder from 'react-bootstrap/Placeholder';
import { ImageWithPlaceholder } from '../../../components/image-with-placeholder';

/** A post's image, whatever its kind names the fields. */
export interface PostImage {
  src: string | null;
  thumb: string | null;
  placeholder: string | null;
  width: number | null;
  height: number | null;
}

/** A post's image on its page: the display copy, whole, the page's largest above the fold. */
export function DetailImage({ item, image }: { item: { title: string }; image: PostImage }) {
  return (
    <ImageWithPlaceholder
      src={image.src}
      placeholder={image.placeholder}
      width={image.width}
      height={image.height}
      fit="contain"
      priority
      maxHeight="60vh"
      alt={item.title}
      className="rounded mb-3"
    />
  );
}

/** The page's shape while it loads: image, title, category and a few lines. */
export function DetailSkeleton({ label }: { label: string }) {
  return (
    <div data-testid="experience-skeleton">
      <span className="visually-hidden" role="status">
        {label}
      </span>
      <div aria-hidden="true">
        <Placeholder as="div" animation="glow" className="mb-3">
          <Placeholder
            className="w-100 rounded"
            style={{ aspectRatio: '16 / 9', maxHeight: '60vh' }}
          />
        </Placeholder>
        <Placeholder as="h1" animation="glow" className="h2">
          <Placeholder xs={8} />
        </Placeholder>
        <Placeholder as="p" animation="glow">
          <Placeholder xs={3} />
        </Placeholder>
        <Placeholder as="p" animation="glow">
          <Placeholder xs={12} /> <Placeholder xs={10} /> <Placeholder xs={7} />
        </Placeholder>
      </div>
    </div>
  );
}
