import type { TFusionMaterial } from '@cypher/contract';
import { formatCount } from '../../../lib/format.ts';

/** An edition's number as the slots show it: "#12/100", or "#12" for an open edition. */
export function serialText(material: Pick<TFusionMaterial, 'serialNumber' | 'editionSize'>): string {
  const serial = `#${formatCount(material.serialNumber)}`;
  return material.editionSize === null ? serial : `${serial}/${formatCount(material.editionSize)}`;
}
