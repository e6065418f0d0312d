// How a region reads on screen (seed §2 booking bar: "zip / name"). Kept apart from the region picker so the header
// can use it without pulling the picker into the first download.
import type { Region } from './client';

/** "8001 Zürich", or just the name when a region has no postal code. */
export const regionLabel = (region: Pick<Region, 'name'> & { zip?: string | null }): string => [region.zip, region.name].filter(Boolean).join(' ');
