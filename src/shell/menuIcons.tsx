import type { ComponentType } from 'react';
import type { MenuRoute } from '../../domain/locationTypes';
import {
  IconBriefcase,
  IconBuildingBank,
  IconBuildingCommunity,
  IconBuildingFactory2,
  IconBuildingStore,
  IconCertificate,
  IconClipboardCheck,
  IconMapPin,
  IconPalette,
  IconPlant2,
  IconSchool,
  IconTool,
  IconTruck,
  IconBuildingArch,
} from '@tabler/icons-react';

/** Sidebar icon per route (a view concern; the catalogue itself stays free of React). */
export const MENU_ICONS: Record<string, ComponentType<{ size?: number; stroke?: number }>> = {
  MainOffice: IconBuildingBank,
  Centers: IconBuildingCommunity,
  Academy: IconSchool,
  Workshop: IconTool,
  Village: IconPlant2,
  Mobile: IconTruck,
  Industries: IconBuildingFactory2,
  Guilds: IconBuildingStore,
  University: IconBuildingArch,
  Exam: IconCertificate,
  branch: IconMapPin,
  sub: IconClipboardCheck,
  real: IconBriefcase,
  school: IconPalette,
} satisfies Record<MenuRoute, ComponentType<{ size?: number; stroke?: number }>>;
