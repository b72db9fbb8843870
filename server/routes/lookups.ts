/** Turning route parameters into catalogue entries and provinces, or a 4xx. */
import { ALL_PROVINCES } from '../../domain/gateway';
import { typeById, type LocationType } from '../../domain/locationTypes';
import { provinceByEnName, type ProvinceRef } from '../../domain/provinces';
import { badRequest, notFound } from '../http/errors';
import type { Box } from '../store/LocationStore';

export function requireType(typeId: string): LocationType {
  const type = typeById(typeId);
  if (!type) throw notFound('unknown_type', `no location type with id ${typeId}`);
  return type;
}

/** `All` means every province (null); otherwise an English province name. */
export function requireProvince(ostan: string): ProvinceRef | null {
  if (ostan === ALL_PROVINCES) return null;
  const province = provinceByEnName(ostan);
  if (!province)
    throw notFound('unknown_province', `no province named "${ostan}" (use its English name or ${ALL_PROVINCES})`);
  return province;
}

export function requireOrderedBox(box: Box): Box {
  if (box.minLat > box.maxLat) throw badRequest('MinLat must not exceed MaxLat');
  if (box.minLon > box.maxLon) throw badRequest('MinLon must not exceed MaxLon');
  return box;
}
