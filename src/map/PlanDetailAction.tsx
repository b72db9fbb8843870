/**
 * A location's detail while a what-if plan is open: a location of the page's type can be closed in the plan (or
 * kept open again), and one of another type can become a site of the page's type ("turn this workshop into a
 * centre"). Without a plan the detail offers nothing of it: a visitor finding a centre never sees it.
 */
import { Button } from '@mantine/core';
import { IconBuildingPlus, IconBuildingOff } from '@tabler/icons-react';
import type { LocationType } from '../../domain/locationTypes';
import { t } from '../i18n/words';
import { typeTitle } from '../i18n/names';
import { usePlanInAddress, withClosure, withoutClosure, withSite, writePlan } from '../url/whatIfPlan';

export function PlanDetailAction({
  pageType,
  typeId,
  guid,
  at,
}: {
  pageType: LocationType;
  typeId: string | null;
  guid: string | null;
  at: { lat: number; lon: number } | null;
}) {
  const plan = usePlanInAddress();
  if (plan === null || typeId === null || guid === null) return null;
  if (typeId === pageType.typeId) {
    const closed = plan.close.includes(guid.toUpperCase());
    return (
      <Button
        size="compact-sm"
        variant={closed ? 'filled' : 'light'}
        color="dark"
        leftSection={<IconBuildingOff size={14} />}
        aria-pressed={closed}
        onClick={() => writePlan(closed ? withoutClosure(plan, guid) : withClosure(plan, guid))}
        data-testid="plan-close"
        w="fit-content"
      >
        {closed ? t.whatIf.closedInPlan : t.whatIf.closeInPlan}
      </Button>
    );
  }
  if (at === null) return null;
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconBuildingPlus size={14} />}
      onClick={() => writePlan(withSite(plan, at))}
      data-testid="plan-open-here"
      w="fit-content"
    >
      {t.whatIf.openHere(typeTitle(pageType))}
    </Button>
  );
}
