import { useState } from 'react';
import defaultAvatar from '../assets/default-avatar.svg';

interface AvatarProps {
  src?: string | null;
  /** Empty for a decorative avatar beside the person's name. */
  alt?: string;
  size?: number;
  className?: string;
}

/** A round avatar; the default image when there is none or it fails to load. */
export function Avatar({ src, alt = '', size = 40, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = src && failed !== src ? src : defaultAvatar;
  return (
    <img
      src={usable}
      alt={alt}
      width={size}
      height={size}
      className={['rounded-circle object-fit-cover bg-light flex-shrink-0', className]
        .filter(Boolean)
        .join(' ')}
      onError={() => src && setFailed(src)}
    />
  );
}

export { defaultAvatar };
