import { Skeleton } from '../../../components/skeleton.tsx';
import { useRadioListing } from '../api/get-radio-listing.ts';
import { RadioRow } from './radio-row.tsx';

/** The editors' listing groups, one row each. */
export function RadioListing() {
  const listing = useRadioListing();
  if (listing.data === undefined) return listing.isPending ? <Skeleton height="220px" /> : null;
  return (
    <div className="rows" data-testid="radio-listing">
      {listing.data.map((group) => (
        <RadioRow key={group.id} id={`listing-${group.id}`} title={group.name} radios={group.radios} />
      ))}
    </div>
  );
}
