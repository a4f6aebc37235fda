/**
 * A card-shaped placeholder shown while a list loads (8 in lists, 3 on the landing).
 * Bootstrap's card and placeholder markup written out, as React-Bootstrap's Card and Placeholder
 * draw it: the landing's first screen loads no React-Bootstrap (decision 113).
 */
export function SkeletonCard({ ratio = 4 / 3 }: { ratio?: number }) {
  return (
    <div aria-hidden="true" data-testid="skeleton-card" className="h-100 shadow-sm border-0 card">
      <div
        style={{ aspectRatio: String(ratio) }}
        className="card-img-top overflow-hidden placeholder-glow"
      >
        <span className="w-100 h-100 placeholder" />
      </div>
      <div className="card-body">
        <div className="placeholder-glow card-title h5">
          <span className="col-7 placeholder" />
        </div>
        <p className="placeholder-glow card-text">
          <span className="col-11 placeholder" /> <span className="col-8 placeholder" />{' '}
          <span className="col-4 placeholder" />
        </p>
      </div>
    </div>
  );
}
