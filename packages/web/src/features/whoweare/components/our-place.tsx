import { useAppConfig } from '../../../lib/app-config';
import { WHO_WE_ARE_TEXTS as T } from '../texts';

const mapSearch = (address: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/**
 * 'Nuestro Local': the meeting place's address and, when the group configured GROUP_MAP_URL, its
 * map embedded (the server's CSP allows that origin only). Without it nothing third-party loads:
 * a plain link lets the visitor look the address up.
 */
export function OurPlace() {
  const config = useAppConfig();
  const address = config.data?.groupAddress?.trim();
  const mapUrl = config.data?.groupMapUrl;
  return (
    <section aria-labelledby="place-heading" className="mb-4">
      <h2 id="place-heading" className="h4 mb-3">
        {T.placeHeading}
      </h2>
      {address && (
        <address className="mb-3">
          <span className="fw-semibold">{address}</span>
          {!mapUrl && (
            <>
              {' · '}
              <a href={mapSearch(address)} rel="noopener noreferrer">
                {T.mapLink}
              </a>
            </>
          )}
        </address>
      )}
      {mapUrl && (
        <div className="ratio ratio-16x9 rounded overflow-hidden shadow-sm map-embed">
          <iframe
            src={mapUrl}
            title={T.mapTitle(address)}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            allowFullScreen
          />
        </div>
      )}
    </section>
  );
}
