import type { FirmwareRelease } from '@console/contracts';

/**
 * The releases offered to a product: one general, one restricted beta, one internal (which only
 * staff with the firmware role may apply). Stands in for the firmware release collection.
 */
export function releasesFor(productCode: string): FirmwareRelease[] {
  return [
    release(productCode, '7.2', ['general'], false),
    release(productCode, '7.3', ['beta'], true),
    release(productCode, '7.4', ['internal'], true),
  ];
}

function release(code: string, version: string, categories: string[], restricted: boolean): FirmwareRelease {
  const tag = categories[0] === 'general' ? '' : `-${categories[0]}`;
  return {
    releaseId: `${code}-${version}${tag}`,
    releaseName: `${code} ${version}${tag ? ` ${categories[0]}` : ''}`,
    version,
    categories,
    notForGeneralRelease: restricted,
  };
}
