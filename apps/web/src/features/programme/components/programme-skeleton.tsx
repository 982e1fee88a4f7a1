import { Skeleton } from '../../../components/skeleton.tsx';

export function ProgrammeSkeleton() {
  return (
    <div className="programme programme--loading" aria-busy="true" data-testid="programme-loading">
      {Array.from({ length: 5 }, (_, i) => (
        <div key={i} className="programme__block">
          <Skeleton width="3em" height="1.2em" />
          <Skeleton className="programme__preview" height="auto" />
          <span className="programme__text">
            <Skeleton width="60%" height="1.1em" />
            <Skeleton width="90%" height="0.9em" />
          </span>
        </div>
      ))}
    </div>
  );
}
