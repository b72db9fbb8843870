/** The English words of need against supply (the statistics' card and the map's county layer). */
export const equityEn = {
  heading: 'Need against supply',
  level: 'Level',
  levels: { province: 'Provinces', county: 'Counties' },
  supplyAxis: 'Locations per 100,000 people aged 15-29',
  needAxis: 'Need (0 to 100)',
  highNeed: 'High need, low supply',
  lowNeed: 'Low need, high supply',
  chart: (type: string) => `The provinces by need and by supply of “${type}”`,
  keys: 'Arrow keys move between the provinces in order of need; Enter chooses the province.',
  point: (name: string, rank: string, supply: string, need: string) =>
    `${name}, need rank ${rank}: ${supply} locations per 100,000 people aged 15-29, need ${need} of 100`,
  rank: 'Need rank',
  name: 'Name',
  enName: 'English name',
  code: 'Code',
  labourForce: 'Economically active (aged 10 and over)',
  unemployed: 'Unemployed',
  county: 'County',
  youth: 'Aged 15-29',
  count: 'Locations',
  perYouth: 'Per 100,000 aged 15-29',
  unemployment: 'Unemployment',
  unemploymentWomen: 'Unemployment of women',
  youthShare: 'Share aged 15-29',
  far: (km: string) => `Share farther than ${km} km`,
  youthFar: (km: string) => `Share aged 15-29 farther than ${km} km`,
  womenFar: (km: string) => `Share of women farther than ${km} km`,
  need: 'Need (0 to 100)',
  sentence: (names: string, type: string) => `The most need against the least supply of “${type}”: ${names}.`,
  countySentence: (names: string, type: string) =>
    `The counties with the most need against the least supply of “${type}”: ${names}.`,
  method: (km: string) =>
    `Need: the mean of where each row stands among all in unemployment, in the share aged 15-29 and in the share farther than ${km} km; rank: need less where it stands in supply (locations per young person). People, the young, the economically active and the unemployed (aged 10 and over): the 2016 census, Statistical Centre of Iran.`,
  countyNote:
    'No county outlines are shipped: each county is shown at its seat town, and each location counts in the county of the nearest seat in its own province.',
  unseated: (n: string) =>
    `${n} counties whose seat is not in the list of towns have no locations (theirs count in their neighbours) and are not on the map.`,
  noSeat: 'no seat',
  showOnMap: 'Show the counties on the map',
  onMap: (n: string, type: string) =>
    `${n} counties, sized by their people aged 15-29; redder: more need against less supply of “${type}”`,
  hide: 'Hide the counties',
  tooltip: (name: string, rank: string, count: string, youth: string) =>
    `${name}: need rank ${rank}; ${count} locations for ${youth} people aged 15-29`,
  failed: 'Working out need against supply failed.',
} as const;
