/** How a question is read (domain/ask): the rules, one by one, on words the written set does not hold. */
import { describe, expect, it } from 'vitest';
import { buildLexicon } from '../../domain/ask/lexicon';
import { readQuestion, withoutParts, type Understood } from '../../domain/ask/readQuestion';
import { persianOfKeys } from '../../domain/ask/keyboardLayout';

const TRADES = ['خیاطی', 'جوشکاری', 'لوله‌کشی', 'برق ساختمان', 'زبان برنامه‌نویسی پایتون'];
const lexicon = buildLexicon(TRADES);
const read = (text: string) => readQuestion(lexicon, text);
const parts = (text: string): Omit<Understood, 'Place'> & { Place: string | null } => {
  const { Understood: u } = read(text);
  return { ...u, Place: u.Place && `${u.Place.Name}/${u.Place.Kind}` };
};

describe('reading a question', () => {
  it('takes a trade as the data writes it, however the compound is joined', () => {
    for (const written of ['لوله‌کشی', 'لوله کشی', 'لولهکشی', 'لوله‌ کشی', 'لولهٔ‌کشی'.replace('ٔ', '')])
      expect(read(`${written} در کرج`).Understood.Trade).toBe('لوله‌کشی');
  });

  it('names a trade by its occupation, and by the last word of its name where only that trade has it', () => {
    expect(read('جوشکار').Understood.Trade).toBe('جوشکاری');
    expect(read('جوشکاران').Understood.Trade).toBe('جوشکاری');
    expect(read('پایتون').Understood.Trade).toBe('زبان برنامه‌نویسی پایتون');
    // A word two trades share names neither.
    expect(buildLexicon(['تعمیر خودرو', 'تعمیر موبایل']).phrases.has('تعمیر')).toBe(false);
    // A name's first word is its head, a generic noun: a language class is not Python, any repair not a car's.
    expect(read('کلاس زبان اصفهان')).toMatchObject({ Understood: { Trade: null }, Unused: ['زبان'] });
    expect(buildLexicon(['تعمیر خودرو']).phrases.has('تعمیر')).toBe(false);
    expect(readQuestion(buildLexicon(['تعمیر خودرو']), 'خودرو').Understood.Trade).toBe('تعمیر خودرو');
  });

  it('reports a second trade, town, audience or type as unused rather than dropping it in silence', () => {
    // «برق خودرو» (a car's electrics) is not building electrics with a word left out unsaid.
    expect(read('برق خودرو')).toMatchObject({ Understood: { Trade: 'برق ساختمان' }, Unused: ['خودرو'] });
    expect(read('خیاطی و جوشکاری تهران')).toMatchObject({ Understood: { Trade: 'خیاطی' }, Unused: ['جوشکاری'] });
    expect(read('خیاطی تهران کرج')).toMatchObject({ Understood: { Place: { Name: 'تهران' } }, Unused: ['کرج'] });
    expect(read('خیاطی زنانه مردانه').Unused).toEqual(['مردانه']);
    expect(read('آموزشگاه زندان خیاطی').Unused).toEqual(['زندان']);
    // The same thing named twice, or a town's own province after it, adds nothing and leaves nothing out.
    expect(read('خیاطی خیاط بجنورد استان خراسان شمالی').Unused).toEqual([]);
    expect(read('خیاطی استان تهران تهران').Unused).toEqual([]);
  });

  it('says the words it did not use in the order they were asked', () => {
    // A second trade, then a trade the data does not teach, then a second town: as the visitor wrote them.
    expect(read('خیاطی جوشکاری سفالگری تهران کرج').Unused).toEqual(['جوشکاری', 'سفالگری', 'کرج']);
  });

  it('reads only the trades the data teaches: a trade it does not teach is an unused word', () => {
    const reading = read('آموزشگاه سفالگری');
    expect(reading.Understood.Trade).toBeNull();
    expect(reading.Unused).toEqual(['سفالگری']);
    // The same data with the trade in it: understood by name and by occupation.
    const withPottery = buildLexicon([...TRADES, 'سفالگری']);
    expect(readQuestion(withPottery, 'آموزشگاه سفالگری').Understood.Trade).toBe('سفالگری');
    expect(readQuestion(withPottery, 'سفالگر').Understood.Trade).toBe('سفالگری');
  });

  it('folds Arabic letters, three scripts of digits, marks and stray spaces', () => {
    const expected = parts('آموزشگاه خیاطی برای خانم‌ها در بجنورد');
    expect(parts('آموزشگاه خياطي براي خانمها در بجنورد')).toEqual(expected);
    expect(parts('آمـوزشـگاهِ  خیاطی برای‌ خانم ها در بجنورد ؟')).toEqual(expected);
    expect(read('۵ آموزشگاه خیاطی').Unused).toEqual(['5']);
    expect(read('٥ آموزشگاه خیاطی').Unused).toEqual(['5']);
  });

  it('reports every word it did not use, and none of the words that only frame a question', () => {
    expect(read('لطفا آموزشگاه خیاطی در بجنورد کجاست؟').Unused).toEqual([]);
    expect(read('آموزشگاه خیاطی ارزان در بجنورد').Unused).toEqual(['ارزان']);
    expect(read('cheap sewing school in Bojnurd').Unused).toEqual(['cheap']);
    expect(read('نزدیکترین کارگاه سیار به بجنورد').Unused).toEqual([]);
    // «شماره ۲» numbers a location: neither «شمار» (how many) with an ending nor a distance.
    expect(read('مرکز فنی حرفه ای شماره ۲ بجنورد')).toMatchObject({ Unused: ['2'], Understood: { Intent: 'nearest' } });
  });

  it('tells a province from its capital by «استان», by "province" after the name, or by a count', () => {
    expect(parts('مرکز در تهران').Place).toBe('تهران/city');
    expect(parts('مرکز در استان تهران').Place).toBe('تهران/province');
    expect(parts('centres in Tehran province').Place).toBe('تهران/province');
    expect(parts('چند مرکز در تهران').Place).toBe('تهران/province');
    expect(parts('مرکز در فارس').Place).toBe('فارس/province');
  });

  it('asks for the nearest unless it counts or lists; a province alone asks for its list', () => {
    expect(parts('مرکز بجنورد').Intent).toBe('nearest');
    expect(parts('تعداد مراکز').Intent).toBe('count');
    expect(parts('فهرست مراکز بجنورد').Intent).toBe('list');
    expect(parts('مراکز خراسان شمالی').Intent).toBe('list');
  });

  it('hears "near me" in its forms, and "near" with no place as near the asker', () => {
    for (const text of ['خیاطی نزدیک من', 'خیاطی نزدیکم', 'نزدیکترین خیاطی به من', 'sewing near me', 'sewing nearby'])
      expect(parts(text).NearMe, text).toBe(true);
    expect(parts('آموزشگاه خیاطی نزدیک').NearMe).toBe(true);
    expect(parts('آموزشگاه خیاطی نزدیک بجنورد')).toMatchObject({ NearMe: false, Place: 'بجنورد/city' });
  });

  it('forgives one slip in a trade, a type or a place name of five letters or more', () => {
    expect(read('خیاتی').Understood.Trade).toBe('خیاطی');
    expect(read('اموزشگاه').Understood.Route).toBe('Academy');
    expect(parts('sewing in Bojnord').Place).toBe('بجنورد/city');
    // A short word is not stretched to the nearest name.
    expect(read('قمر').Understood.Place).toBeNull();
  });

  it('offers the Persian reading of a question typed with the keyboard on English', () => {
    const typed = 'odhxd nv f[k,vn';
    expect(persianOfKeys(typed)).toBe('خیاطی در بجنورد');
    const reading = read(typed);
    expect(reading.PersianReading).toBe('خیاطی در بجنورد');
    expect(reading.Understood).toMatchObject({ Trade: 'خیاطی', Place: { Name: 'بجنورد' } });
    // English that reads as English stays English.
    expect(read('sewing in Bojnurd').PersianReading).toBeNull();
  });

  it('reads English questions', () => {
    expect(parts('how many centres in Fars')).toEqual({
      Route: 'Centers',
      Trade: null,
      Audience: null,
      Place: 'فارس/province',
      NearMe: false,
      WithinKm: null,
      Intent: 'count',
    });
    expect(parts("women's welding academy in Karaj")).toMatchObject({
      Route: 'Academy',
      Audience: 'women',
      Trade: 'جوشکاری',
    });
  });

  it('knows a port by its name without «بندر» or "Bandar-e", unless what is left is a word of its own', () => {
    expect(parts('فنی حرفه ای ماهشهر').Place).toBe('بندرماهشهر/city');
    expect(parts('academies in Anzali').Place).toBe('بندر انزلی/city');
    expect(read('آموزشگاه عباس').Unused).toEqual(['عباس']);
  });

  it('knows a province named for two regions without «و» or "and", and by either region alone', () => {
    for (const written of ['آموزشگاه در چهارمحال بختیاری', 'آموزشگاه بختیاری', 'academies in Chahar Mahaal Bakhtiari'])
      expect(parts(written), written).toMatchObject({ Route: 'Academy', Place: 'چهارمحال و بختیاری/province' });
    for (const written of ['خیاطی در سیستان', 'خیاطی بلوچستان', 'sewing in Baluchestan', 'خیاطی سیستان بلوچستان'])
      expect(parts(written), written).toMatchObject({ Trade: 'خیاطی', Place: 'سیستان و بلوچستان/province' });
    // A region that is also a county's name is the county unless «استان» says otherwise, as for a capital.
    expect(parts('کهگیلویه')).toMatchObject({ Place: 'کهگیلویه/city' });
    expect(parts('استان کهگیلویه')).toMatchObject({ Place: 'کهگیلویه و بویراحمد/province', Intent: 'list' });
  });

  it('reads Finglish however a word is spelt, by its sound and then its vowels', () => {
    const sewingInShiraz = { Route: 'Academy', Trade: 'خیاطی', Place: 'شیراز/city' };
    for (const written of ['amoozeshgah khayati shiraz', 'amuzeshgahe khaiati shiraz', 'Amouzeshgah Khayyati Shiraz'])
      expect(parts(written), written).toMatchObject(sewingInShiraz);
    // A phrase of several words, its «و» written or not, and «ها» apart or joined.
    for (const written of ['fani herfei karaj', 'fanni va herfeie karaj', 'markaze fani herfeh i karaj'])
      expect(parts(written), written).toMatchObject({ Route: 'Centers', Place: 'کرج/city' });
    expect(parts('chand ta amoozeshgah haye jooshkari too ostane fars')).toMatchObject({
      Route: 'Academy',
      Trade: 'جوشکاری',
      Place: 'فارس/province',
      Intent: 'count',
    });
    expect(parts('lole keshi zanane nazdikam')).toMatchObject({ Trade: 'لوله‌کشی', Audience: 'women', NearMe: true });
    expect(read('khayati dar 5 kilometri bojnoord').Understood).toMatchObject({ WithinKm: 5, Trade: 'خیاطی' });
    // Read as sounds, not as keys of an English keyboard.
    expect(read('amoozeshgah khayati shiraz')).toMatchObject({ Unused: [], PersianReading: null });
    // A short word with a pair of letters only Finglish writes is read by its two consonants: «قم» as "ghom".
    expect(parts('khayati zanane ghom')).toMatchObject({ Trade: 'خیاطی', Audience: 'women', Place: 'قم/city' });
    // An English loanword as English spells it, its long i written «ای» in Persian: "mobile" «موبایل».
    const withPhones = buildLexicon([...TRADES, 'تعمیر موبایل']);
    expect(readQuestion(withPhones, 'tamir mobile karaj').Understood).toMatchObject({
      Trade: 'تعمیر موبایل',
      Place: { Name: 'کرج', Kind: 'city' },
    });
    // While "mobile workshops" in English are still the mobile workshops.
    expect(parts('mobile workshops in Kerman')).toMatchObject({ Route: 'Mobile', Trade: null, Place: 'کرمان/city' });
  });

  it('does not read English words as Finglish where only their consonants agree', () => {
    // Each has the consonants of a Persian word the lexicon holds, but vowels that word cannot be written with:
    // «چالدران», «لیست», «سایت», «برادر», «سیار», «آمار», «حوالی», «بابل», «دماوند», «لیست».
    for (const word of [
      'children',
      'last',
      'state',
      'border',
      'server',
      'memory',
      'while',
      'bubble',
      'demand',
      'lowest',
      // Four letters, two consonants: read only with a pair English does not write.
      'shop',
      'high',
      'ghat',
    ])
      expect(read(`sewing ${word} Karaj`).Unused, word).toEqual([word]);
    // And an English question reads as it did: its words are English first.
    expect(parts('courses for children in Tehran')).toMatchObject({ Place: 'تهران/city', Route: null });
  });

  it('reads a distance the question sets: a number with its unit, spaced or joined, in either language', () => {
    const within = (text: string) => {
      const { Understood: u, Unused } = read(text);
      return { km: u.WithinKm, place: u.Place?.Name ?? null, nearMe: u.NearMe, unused: Unused };
    };
    expect(within('آموزشگاه خیاطی در ۱۰ کیلومتری شیراز')).toEqual({
      km: 10,
      place: 'شیراز',
      nearMe: false,
      unused: [],
    });
    expect(within('آموزشگاه خیاطی در شعاع ١٠ كيلومتري شيراز').km).toBe(10);
    expect(within('خیاطی تا ۲٫۵ کیلو متری مشهد')).toMatchObject({ km: 2.5, place: 'مشهد', unused: [] });
    expect(within('sewing within 2.5km of Shiraz')).toMatchObject({ km: 2.5, place: 'شیراز', unused: [] });
    expect(within('sewing up to 15 kilometres from Shiraz').km).toBe(15);
    expect(within('خیاطی ۱۰کیلومتری شیراز').km).toBe(10);
    // Within some distance of the asker: the unit still reads "near me" with the word after it.
    expect(within('آموزشگاه برق ساختمان در ۵ کیلومتری من')).toEqual({ km: 5, place: null, nearMe: true, unused: [] });
    expect(within('welding within 3 km of me')).toMatchObject({ km: 3, nearMe: true, unused: [] });
    // A number with no unit, or past any distance in Iran, is no distance: reported, not read.
    expect(within('۱۰ آموزشگاه خیاطی در شیراز')).toMatchObject({ km: null, unused: ['10'] });
    expect(within('خیاطی در ۵۰۰۰ کیلومتری شیراز')).toMatchObject({ km: null, unused: ['5000'] });
    expect(within('خیاطی در ۰ کیلومتری شیراز')).toMatchObject({ km: null, unused: ['0'] });
    // Removed by the visitor, the distance is none.
    expect(withoutParts(read('خیاطی ۱۰ کیلومتری شیراز').Understood, ['WithinKm']).WithinKm).toBeNull();
  });

  it('reads a new type from its catalogue entry alone', () => {
    // Every type's titles are read as the type (the catalogue is the one registry; askWords adds everyday words).
    expect(parts('کارگاه سیار شهری').Route).toBe('Mobile');
    expect(parts('Secondary exam centres').Route).toBe('sub');
  });
});
