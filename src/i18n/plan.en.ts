/** The English words of suggested sites (the statistics' card). */
export const planEn = {
  heading: 'Where new sites would reach the most people',
  forWhom: 'For whom',
  objectives: { population: 'Everyone', youth: 'Aged 15-29', women: 'Women' },
  /** Those counted, as a sentence names them. */
  whom: { population: 'people', youth: 'people aged 15-29', women: 'women' },
  howMany: 'How many sites',
  where: 'Where',
  wholeCountry: 'All of Iran',
  rank: 'Order',
  site: 'Suggested site',
  gain: (whom: string, km: string) => `Newly within ${km} km (${whom})`,
  title: (n: string, type: string, km: string) => `${n} suggested sites for “${type}”, ${km} km`,
  sentence: (
    n: string,
    type: string,
    sites: string,
    gain: string,
    whom: string,
    km: string,
    before: string,
    after: string,
  ) =>
    `${n} new “${type}” at ${sites} would bring ${gain} ${whom} within ${km} km: those farther would fall from ${before} to ${after}.`,
  none: (whom: string, km: string) =>
    `No new site would bring more ${whom} within ${km} km: all of them are within reach.`,
  method:
    'Chosen one after another, each the site that reaches the most of those still far (the greedy rule): at least 63% of what the best choice of as many sites could reach. The candidates are every town of the place search and every place where the census puts people.',
  failed: 'The sites could not be suggested.',
  showOnMap: 'Show the suggested sites on the map',
  onMap: (n: string, whom: string, km: string, type: string) =>
    `${n} suggested sites for “${type}”: each circle is the ${km} km around a site, where it would bring ${whom} within reach`,
  toPlan: 'Put these sites in a what-if plan',
  hide: 'Hide the suggested sites',
  tooltip: (order: string, name: string, gain: string, whom: string) =>
    `${order}. ${name}: ${gain} ${whom} newly within reach`,
};
