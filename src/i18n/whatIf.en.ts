/** The English words of what-if plans (the statistics' card, the map's layer, the detail's actions). */
export const whatIfEn = {
  heading: 'What if sites opened or closed',
  intro:
    'Try a plan: add sites where new ones might open and close locations, and see who would come within reach or fall out of it, in the country, each province and each county.',
  start: 'Start a plan',
  end: 'End the plan',
  addTown: 'Add a site at a town',
  townLabel: 'Town for a new site',
  townPlaceholder: 'A town’s name',
  sitesAdded: 'Sites added',
  closedList: 'Locations closed',
  siteNear: (town: string) => `New site near ${town}`,
  siteGain: (gain: string, whom: string) => `${gain} ${whom} newly within reach`,
  removeSite: (town: string) => `Remove the new site near ${town}`,
  reopen: (name: string) => `Keep ${name} open`,
  empty:
    'The plan changes nothing yet: add a site at a town here or by clicking the map, or close a location from its details.',
  opened: (n: string, type: string, near: string, gain: string, whom: string, km: string) =>
    `Opening ${n} “${type}” near ${near} brings ${gain} ${whom} within ${km} km.`,
  closing: (n: string, names: string, lost: string, whom: string, km: string) =>
    `Closing ${n} (${names}) leaves ${lost} more ${whom} farther than ${km} km.`,
  farNow: (whom: string, km: string, before: string, after: string) =>
    `Farther than ${km} km: ${before} ${whom} now, ${after} with the plan.`,
  moves: (county: string, before: string, after: string) =>
    `${county} county moves from rank ${before} to rank ${after} in need.`,
  figuresCaption: (km: string) => `People farther than ${km} km from the nearest location, now and with the plan`,
  brought: 'Brought within reach',
  lost: 'Left farther',
  chartCaption: (km: string) => `People the plan brings within ${km} km, and people it leaves farther than ${km} km`,
  who: 'Who',
  now: 'Now',
  withPlan: 'With the plan',
  change: 'Change',
  countiesCaption: 'Counties the plan changes',
  county: 'County',
  needRank: 'Need rank',
  farOf: (whom: string) => `Farther (${whom})`,
  resolution: (km: string) =>
    `Where people are: each county’s at its seat and at the places of 1,000 or more people nearest it, so a site in a village reaches the people placed within ${km} km of it, not the village’s own; in a county without such places everyone is at its seat.`,
  failed: 'The plan’s figures could not be worked out.',
  showOnMap: 'Show the plan on the map',
  figures: 'The plan’s figures',
  addByClick: 'Add sites by clicking the map',
  stopAdding: 'Stop adding sites',
  outside: 'That point is outside Iran: a new site must be inside it.',
  clickHelp: 'Click the map where a new site would open.',
  onMap: (sites: string, closed: string, gain: string, whom: string, km: string) =>
    `Plan: ${sites} new sites, ${closed} closed; ${gain} ${whom} newly within ${km} km`,
  siteTooltip: (name: string, gain: string, whom: string) =>
    `New site near ${name}: ${gain} ${whom} newly within reach`,
  closedTooltip: (name: string) => `${name}: closed in the plan`,
  closeInPlan: 'Close it in the plan',
  closedInPlan: 'Closed in the plan: keep it open',
  openHere: (type: string) => `Put a “${type}” here in the plan`,
  captionLine: (sites: string, closed: string, km: string) =>
    `With a plan: ${sites} sites added and ${closed} locations closed, at ${km} km`,
  geojson: 'GeoJSON of the plan’s sites',
};
