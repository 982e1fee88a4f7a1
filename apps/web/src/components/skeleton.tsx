import type { CSSProperties } from 'react';

/** A grey placeholder while something loads; hidden from assistive technology. */
export function Skeleton({ width, height, className }: { width?: string; height?: string; className?: string }) {
  const style: CSSProperties = { width: width ?? '100%', height: height ?? '1em' };
  return <span aria-hidden="true" className={`skeleton ${className ?? ''}`} style={style} />;
}

export function CardGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="card-grid" aria-busy="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="card">
          <Skeleton className="card__media" height="auto" />
          <div className="card__body">
            <Skeleton height="1.1em" width="85%" />
            <Skeleton height="0.9em" width="55%" />
          </div>
        </div>
      ))}
    </div>
  );
}
