import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { TFusion, TFusionMaterial } from '@cypher/contract';
import { latestSearchParams } from '../../lib/navigator.ts';
import { useEverySlotMaterials } from './api/list-fusion-materials.ts';

/** What each slot burns, by slot id, in the order picked. */
export type TSlotPicks = Readonly<Record<string, TFusionMaterial[]>>;

/**
 * The editions picked for each slot, kept in the address as one parameter per pick (`?<slotId>=<editionId>`, repeated
 * for a slot that takes several), so a reload or Back and Forward come back to the same picks.
 *
 * Picks are form state, not places: each one replaces the history entry, so Back leaves the page rather than
 * un-ticking editions one by one. The address is read once, when the page opens; from then on the picks live in the
 * page's state and are written through to the address. Read back from it, a tick would show only once the router's
 * navigation had run, after the click: a checkbox that stays unticked for a moment (and a click that seems lost).
 *
 * The address is only a list of ids, and it may be old, shared or typed: an id counts as picked only while the API
 * offers it for that slot, unprotected, not already picked for an earlier slot, and within the slot's count. Anything
 * else is dropped silently, and once every slot's materials are read the address is rewritten without it (a re-read
 * after a fusion, or another tab's change, drops an edition gone or protected since the same way).
 */
export function useSlotPicks(fusion: TFusion) {
  const [searchParams, setSearchParams] = useSearchParams();
  const slotIds = useMemo(() => fusion.slots.map((slot) => slot.id), [fusion.slots]);
  const offered = useEverySlotMaterials(fusion.id, slotIds);
  /** The edition ids wanted for each slot: the address's when the page opened, then every change made here. */
  const [wanted, setWanted] = useState<Readonly<Record<string, readonly string[]>>>(() =>
    Object.fromEntries(slotIds.map((slotId) => [slotId, searchParams.getAll(slotId)])),
  );

  const picks = useMemo(() => {
    const taken = new Set<string>();
    const bySlot: Record<string, TFusionMaterial[]> = {};
    fusion.slots.forEach((slot, index) => {
      const pickable = new Map(
        (offered[index] ?? []).filter((item) => item.protection === null).map((item) => [item.editionId, item]),
      );
      const chosen: TFusionMaterial[] = [];
      for (const editionId of wanted[slot.id] ?? []) {
        const material = pickable.get(editionId);
        if (!material || taken.has(editionId) || chosen.length >= slot.requiredCount) continue;
        taken.add(editionId);
        chosen.push(material);
      }
      bySlot[slot.id] = chosen;
    });
    return bySlot as TSlotPicks;
  }, [fusion.slots, offered, wanted]);

  const writePicks = useCallback(
    (changes: TSlotPicks, alongside: Readonly<Record<string, string>> = {}) => {
      const ids = (chosen: readonly TFusionMaterial[]) => chosen.map((material) => material.editionId);
      setWanted((current) => ({
        ...current,
        ...Object.fromEntries(Object.entries(changes).map(([slotId, chosen]) => [slotId, ids(chosen)])),
      }));
      setSearchParams(
        (rendered) => {
          const next = latestSearchParams(rendered);
          for (const [slotId, chosen] of Object.entries(changes)) {
            next.delete(slotId);
            for (const editionId of ids(chosen)) next.append(slotId, editionId);
          }
          for (const [name, value] of Object.entries(alongside)) next.set(name, value);
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const setSlotPicks = useCallback(
    (slotId: string, chosen: TFusionMaterial[]) => writePicks({ [slotId]: chosen }),
    [writePicks],
  );

  /** After a fusion: what was picked is burned now. `alongside` goes into the address in the same write (the run's id). */
  const clearPicks = useCallback(
    (alongside?: Readonly<Record<string, string>>) =>
      writePicks(Object.fromEntries(slotIds.map((slotId) => [slotId, []])), alongside),
    [writePicks, slotIds],
  );

  // Only once every slot is read: a slot still loading (or failed) has nothing to check its picks against yet.
  const isEverySlotRead = offered.every((items) => items !== undefined);
  useEffect(() => {
    if (!isEverySlotRead) return;
    const isStale = slotIds.some(
      (slotId) => (wanted[slotId] ?? []).join() !== (picks[slotId] ?? []).map((material) => material.editionId).join(),
    );
    if (isStale) writePicks(picks);
  }, [isEverySlotRead, slotIds, wanted, picks, writePicks]);

  return { picks, setSlotPicks, clearPicks };
}
