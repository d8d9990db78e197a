/**
 * Hand-curated judgement for the geography generator (geography.ts): how well known a
 * country is, and where the country data (world-countries) is ambiguous, out of date or
 * simply disagrees with how most people would answer. Every list holds ISO 3166 alpha-3
 * codes (cca3) unless it says otherwise.
 */

/** Famous countries (G20 members and other household names): beginner material. */
export const WELL_KNOWN: readonly string[] = [
  // Americas
  'USA', 'CAN', 'MEX', 'BRA', 'ARG', 'CHL', 'PER', 'COL', 'CUB', 'JAM',
  // Europe
  'GBR', 'IRL', 'FRA', 'DEU', 'ITA', 'ESP', 'PRT', 'NLD', 'BEL', 'CHE', 'AUT', 'SWE', 'NOR', 'DNK', 'FIN', 'GRC', 'POL', 'UKR', 'RUS',
  // Asia
  'TUR', 'SAU', 'ISR', 'IRN', 'IND', 'PAK', 'CHN', 'JPN', 'KOR', 'IDN', 'THA', 'VNM', 'PHL',
  // Africa
  'EGY', 'MAR', 'ZAF', 'NGA', 'KEN', 'ETH',
  // Oceania
  'AUS', 'NZL',
];

/** Countries most adults have heard of but few could place or describe: advanced material. Everything else is expert. */
export const MID_KNOWN: readonly string[] = [
  // Europe
  'CZE', 'HUN', 'ROU', 'BGR', 'HRV', 'SRB', 'ISL', 'LUX', 'SVK', 'SVN', 'LTU', 'LVA', 'EST', 'BLR', 'MCO', 'ALB', 'BIH', 'CYP', 'MLT',
  // Americas
  'VEN', 'ECU', 'BOL', 'URY', 'PRY', 'CRI', 'PAN', 'GTM', 'DOM', 'HTI', 'HND', 'BHS',
  // Africa
  'DZA', 'TUN', 'LBY', 'SEN', 'GHA', 'CIV', 'CMR', 'COD', 'TZA', 'UGA', 'ZWE', 'SDN', 'SOM', 'AGO', 'MDG', 'RWA', 'ZMB', 'MOZ',
  // Asia
  'IRQ', 'SYR', 'JOR', 'LBN', 'ARE', 'QAT', 'KWT', 'AFG', 'KAZ', 'UZB', 'MNG', 'PRK', 'BGD', 'NPL', 'LKA', 'MYS', 'SGP', 'MMR', 'KHM', 'GEO', 'ARM', 'AZE',
  // Oceania
  'FJI', 'PNG',
];

/**
 * Marked `unMember` in the data but not a UN member (Vatican City is an observer state);
 * left out of every question and every option.
 */
export const EXCLUDED: readonly string[] = ['VAT'];

/** Names that read better with an article inside a sentence ("the capital of the Netherlands"). */
export const NAMES_WITH_THE: readonly string[] = ['USA', 'GBR', 'NLD', 'PHL', 'BHS', 'DOM', 'CAF', 'COG', 'COD', 'ARE', 'MHL', 'SLB', 'MDV', 'GMB', 'COM'];

/**
 * No capital question: South Africa has three capitals; Bolivia (Sucre / La Paz) and
 * Eswatini (Lobamba / Mbabane) split the role; the data gives Colombo for Sri Lanka (the
 * official capital is Sri Jayawardenepura Kotte); Jerusalem's status is disputed; Nauru has
 * no official capital. These are also never used as distractor capitals.
 */
export const CAPITAL_SKIP: readonly string[] = ['ZAF', 'BOL', 'SWZ', 'LKA', 'ISR', 'NRU'];

/** Transcontinental (or arguably so): no "which continent" question. */
export const CONTINENT_SKIP: readonly string[] = ['RUS', 'TUR', 'KAZ', 'EGY', 'AZE', 'GEO', 'ARM', 'CYP', 'IDN', 'PAN', 'TTO'];

/**
 * No subregion question: transcontinental countries, and countries whose data subregion
 * differs from what most people would answer (Iran and Afghanistan are "Southern Asia";
 * Zambia, Zimbabwe, Malawi and Mozambique are "Eastern Africa"; South Sudan is "Middle Africa").
 */
export const SUBREGION_SKIP: readonly string[] = ['RUS', 'CYP', 'AZE', 'GEO', 'ARM', 'IRN', 'AFG', 'SSD', 'ZMB', 'ZWE', 'MWI', 'MOZ', 'KAZ'];

/**
 * Subregions that must not be offered as a wrong answer when the right answer is the key:
 * a reasonable person could defend them (Germany as Central Europe, Poland as Eastern Europe,
 * Spain as Western Europe, any Central American country as North America...).
 */
export const SUBREGION_CONFUSABLE: Readonly<Record<string, readonly string[]>> = {
  'Western Europe': ['Central Europe'],
  'Central Europe': ['Eastern Europe', 'Western Europe'],
  'Eastern Europe': ['Central Europe', 'Southeast Europe'],
  'Northern Europe': ['Western Europe'],
  'Southern Europe': ['Southeast Europe', 'Western Europe'],
  'Southeast Europe': ['Southern Europe', 'Eastern Europe', 'Central Europe'],
  'Central America': ['North America'],
  Caribbean: ['North America'],
  'Northern Africa': ['Western Asia'],
};

/** Per-country additions to SUBREGION_CONFUSABLE. */
export const SUBREGION_CONFUSABLE_FOR: Readonly<Record<string, readonly string[]>> = {
  // Europe
  MCO: ['Southern Europe'],
  EST: ['Eastern Europe', 'Central Europe'],
  LVA: ['Eastern Europe', 'Central Europe'],
  LTU: ['Eastern Europe', 'Central Europe'],
  ITA: ['Central Europe'],
  // Americas
  MEX: ['Central America'],
  BLZ: ['Caribbean'],
  GUY: ['Caribbean'],
  SUR: ['Caribbean'],
  // Asia
  MNG: ['Central Asia'],
  PAK: ['Western Asia'],
  TUR: ['Southeast Europe', 'Eastern Europe'],
  // Africa
  SDN: ['Eastern Africa'],
  MRT: ['Northern Africa'],
  CMR: ['Western Africa'],
  TCD: ['Western Africa', 'Northern Africa'],
  AGO: ['Southern Africa'],
  COD: ['Eastern Africa', 'Southern Africa'],
  GNQ: ['Western Africa'],
  STP: ['Western Africa'],
  RWA: ['Middle Africa'],
  BDI: ['Middle Africa'],
  MDG: ['Southern Africa'],
  MUS: ['Southern Africa'],
  COM: ['Southern Africa'],
  SYC: ['Southern Africa'],
  ERI: ['Northern Africa'],
  DJI: ['Northern Africa'],
  SWZ: ['Eastern Africa'],
  // Oceania
  FJI: ['Polynesia'],
  NZL: ['Polynesia'],
};

/**
 * Flags that are identical or nearly so (Chad / Romania, Indonesia / Monaco...): never offered
 * as a wrong answer for each other.
 */
export const FLAG_LOOKALIKES: readonly (readonly string[])[] = [
  ['TCD', 'ROU', 'AND', 'MDA'],
  ['IDN', 'MCO'],
  ['NLD', 'LUX'],
  ['IRL', 'CIV'],
  ['GIN', 'MLI', 'SEN'],
  ['COL', 'ECU', 'VEN'],
  ['AUS', 'NZL'],
  ['HTI', 'LIE'],
  ['RUS', 'SVN', 'SVK'],
  ['EGY', 'IRQ', 'SYR', 'YEM'],
  ['QAT', 'BHR'],
  ['LVA', 'AUT'],
  ['NIC', 'SLV', 'HND'],
  ['NOR', 'ISL'],
];

/**
 * Pairs that touch in the real world but not in the data (overseas territories, bridges and
 * causeways, claimed territory): never offered as a wrong "shares a land border" answer.
 */
export const BORDER_AMBIGUOUS: readonly (readonly [string, string])[] = [
  ['FRA', 'BRA'], // French Guiana
  ['FRA', 'SUR'], // French Guiana
  ['FRA', 'NLD'], // Saint Martin
  ['GBR', 'ESP'], // Gibraltar
  ['GBR', 'CYP'], // Akrotiri and Dhekelia
  ['DNK', 'CAN'], // Hans Island
  ['DNK', 'SWE'], // Øresund Bridge
  ['MYS', 'SGP'], // causeway
  ['BHR', 'SAU'], // causeway
  ['IND', 'AFG'], // claimed through Kashmir
  ['MAR', 'MRT'], // through Western Sahara
  ['SRB', 'ALB'], // through Kosovo, which Serbia claims
  ['LKA', 'IND'], // listed one way only in the data
];

/**
 * No area question: the data's figure depends on a definition people dispute (metropolitan
 * France, Denmark without Greenland, Norway without Svalbard, Morocco without Western Sahara,
 * Serbia with Kosovo...).
 */
export const AREA_SKIP: readonly string[] = ['FRA', 'DNK', 'NOR', 'NLD', 'MAR', 'SRB', 'ISR', 'CYP', 'GEO', 'MDA', 'AZE', 'SOM', 'SDN', 'SSD', 'IND', 'PAK', 'CHN'];

/**
 * No currency question: the data is out of date (Bulgaria adopted the euro in 2026; Sierra
 * Leone redenominated its leone).
 */
export const CURRENCY_SKIP: readonly string[] = ['BGR', 'SLE'];

/** The unit name where the last word of the data's currency name is not it. */
export const CURRENCY_UNIT_OVERRIDE: Readonly<Record<string, string>> = {
  VES: 'Bolívar',
  BAM: 'Convertible mark',
  ILS: 'Shekel',
};

/** The currency's name where the data's is out of date (the bolívar soberano became the bolívar digital in 2021). */
export const CURRENCY_NAME_OVERRIDE: Readonly<Record<string, string>> = {
  VES: 'Venezuelan bolívar',
};

/**
 * What people also call a country's currency, and other currencies in common use there: a
 * currency question must have exactly one defensible option, so none of these may be offered
 * as a wrong answer (Lebanon: "Lira" is the Arabic name of the pound, and US dollars circulate
 * widely). `names`: other names of the country's own currency; `inUse`: codes of foreign
 * currencies in everyday use (their units are refused as wrong answers, and the country is
 * never offered as a non-user of them).
 */
export const CURRENCY_ALSO_KNOWN: Readonly<Record<string, { readonly names?: readonly string[]; readonly inUse?: readonly string[] }>> = {
  // Arabic lira / junayh and other local names
  LBN: { names: ['Lira'], inUse: ['USD'] },
  SYR: { names: ['Lira'] },
  EGY: { names: ['Junayh'] },
  SDN: { names: ['Junayh'] },
  GBR: { names: ['Sterling'] },
  CHN: { names: ['Renminbi'] },
  IRN: { names: ['Toman'] },
  MNG: { names: ['Tugrik'] },
  // Dollarised in everyday life
  ARG: { inUse: ['USD'] },
  COD: { inUse: ['USD'] },
  CRI: { inUse: ['USD'] },
  HTI: { names: ['Haitian dollar'], inUse: ['USD'] },
  IRQ: { inUse: ['USD'] },
  KHM: { inUse: ['USD'] },
  PER: { inUse: ['USD'] },
  SOM: { inUse: ['USD'] },
  URY: { inUse: ['USD'] },
  VEN: { inUse: ['USD'] },
  // The euro in everyday use (prices, savings) beside the national currency
  ALB: { inUse: ['EUR'] },
  BIH: { inUse: ['EUR'] },
  SRB: { inUse: ['EUR'] },
};

/** The unit of a foreign currency named in CURRENCY_ALSO_KNOWN.inUse. */
export const IN_USE_UNIT: Readonly<Record<string, string>> = { USD: 'Dollar', EUR: 'Euro' };

/** Currency units too alike to be offered against each other. */
export const CURRENCY_UNIT_FAMILIES: readonly (readonly string[])[] = [
  ['Rial', 'Riyal'],
  ['Krone', 'Krona', 'Króna'],
  ['Som', 'Soʻm'],
  ['Leu', 'Lev'],
  ['Dinar', 'Denar'],
  ['Rupee', 'Rupiah', 'Rufiyaa'],
];

/**
 * Language questions: the official language asked for, per country (it must be listed in the
 * data), and languages that must not be offered as wrong answers because they are regionally
 * official, co-official in practice, or missing from the data although official.
 */
export const LANGUAGE_QUESTIONS: Readonly<Record<string, { answer: string; notDistractors?: readonly string[] }>> = {
  // Americas
  BRA: { answer: 'Portuguese' },
  ARG: { answer: 'Spanish', notDistractors: ['Quechua', 'Aymara'] },
  PER: { answer: 'Quechua' },
  BOL: { answer: 'Aymara' },
  PRY: { answer: 'Guaraní' },
  CAN: { answer: 'French' },
  HTI: { answer: 'French' },
  SUR: { answer: 'Dutch', notDistractors: ['English'] },
  GUY: { answer: 'English', notDistractors: ['Dutch'] },
  BLZ: { answer: 'English' },
  // Europe
  BEL: { answer: 'Dutch' },
  CHE: { answer: 'Romansh' },
  FIN: { answer: 'Swedish', notDistractors: ['Sami'] },
  LUX: { answer: 'French' },
  MLT: { answer: 'English', notDistractors: ['Italian'] },
  CYP: { answer: 'Greek', notDistractors: ['English'] },
  BIH: { answer: 'Croatian' },
  BLR: { answer: 'Russian', notDistractors: ['Polish', 'Ukrainian'] },
  AND: { answer: 'Catalan', notDistractors: ['Spanish', 'French', 'Portuguese'] },
  // Africa
  EGY: { answer: 'Arabic', notDistractors: ['English', 'French'] },
  MAR: { answer: 'Arabic', notDistractors: ['French', 'Spanish'] },
  SDN: { answer: 'Arabic' },
  KEN: { answer: 'Swahili' },
  TZA: { answer: 'Swahili' },
  UGA: { answer: 'Swahili' },
  ETH: { answer: 'Amharic', notDistractors: ['Tigrinya', 'Somali', 'English', 'Arabic'] },
  SEN: { answer: 'French', notDistractors: ['Arabic'] },
  CMR: { answer: 'French', notDistractors: ['Arabic'] },
  COD: { answer: 'French' },
  AGO: { answer: 'Portuguese' },
  MOZ: { answer: 'Portuguese', notDistractors: ['English', 'Swahili'] },
  MDG: { answer: 'Malagasy', notDistractors: ['English'] },
  RWA: { answer: 'French', notDistractors: ['Swahili'] },
  ZAF: { answer: 'Zulu', notDistractors: ['Dutch'] },
  ZWE: { answer: 'Shona', notDistractors: ['Zulu'] },
  TCD: { answer: 'Arabic' },
  CAF: { answer: 'Sango', notDistractors: ['Arabic', 'Lingala'] },
  DJI: { answer: 'French', notDistractors: ['Somali', 'Afar'] },
  COM: { answer: 'Arabic', notDistractors: ['Swahili', 'Malagasy'] },
  GNQ: { answer: 'Spanish' },
  SYC: { answer: 'French' },
  CPV: { answer: 'Portuguese' },
  GNB: { answer: 'Portuguese', notDistractors: ['French'] },
  STP: { answer: 'Portuguese', notDistractors: ['French'] },
  MRT: { answer: 'Arabic', notDistractors: ['French', 'Berber'] },
  BDI: { answer: 'French', notDistractors: ['English', 'Swahili'] },
  // Asia
  ISR: { answer: 'Hebrew', notDistractors: ['English'] },
  IRN: { answer: 'Persian (Farsi)', notDistractors: ['Arabic', 'Azerbaijani', 'Turkish'] },
  IRQ: { answer: 'Arabic', notDistractors: ['Turkish', 'Turkmen', 'Persian (Farsi)'] },
  LBN: { answer: 'Arabic', notDistractors: ['Armenian', 'English'] },
  AFG: { answer: 'Pashto', notDistractors: ['Uzbek', 'Turkmen'] },
  PAK: { answer: 'Urdu', notDistractors: ['Pashto', 'Bengali', 'Persian (Farsi)'] },
  IND: { answer: 'Hindi', notDistractors: ['Bengali', 'Nepali', 'Urdu', 'Sinhala', 'Dzongkha', 'Maldivian'] },
  BGD: { answer: 'Bengali', notDistractors: ['English', 'Urdu', 'Hindi'] },
  LKA: { answer: 'Sinhala', notDistractors: ['English'] },
  BTN: { answer: 'Dzongkha', notDistractors: ['English', 'Nepali'] },
  MMR: { answer: 'Burmese', notDistractors: ['English'] },
  KHM: { answer: 'Khmer', notDistractors: ['French'] },
  SGP: { answer: 'Malay' },
  BRN: { answer: 'Malay', notDistractors: ['English', 'Chinese'] },
  PHL: { answer: 'English', notDistractors: ['Spanish', 'Arabic'] },
  TLS: { answer: 'Tetum', notDistractors: ['Indonesian', 'Malay', 'English'] },
  KAZ: { answer: 'Russian' },
  KGZ: { answer: 'Russian' },
  // Oceania
  NZL: { answer: 'Māori', notDistractors: ['Samoan'] },
  PNG: { answer: 'Tok Pisin' },
  VUT: { answer: 'Bislama' },
  KIR: { answer: 'Gilbertese' },
};

/** Widely known languages, offered as wrong answers when the country's own subregion has too few. */
export const MAJOR_LANGUAGES: readonly string[] = [
  'English', 'French', 'Spanish', 'Portuguese', 'Arabic', 'Russian', 'German', 'Italian', 'Dutch', 'Turkish', 'Persian (Farsi)', 'Hindi', 'Swahili', 'Chinese', 'Japanese',
];

/**
 * Languages treated as one when choosing wrong answers (mutually intelligible, or the data's
 * name for a variety of another): if the country has one of them, none is offered.
 */
export const LANGUAGE_FAMILIES: readonly (readonly string[])[] = [
  ['Bosnian', 'Croatian', 'Serbian', 'Montenegrin'],
  ['German', 'Swiss German', 'Austro-Bavarian German', 'Luxembourgish'],
  ['Norwegian Nynorsk', 'Norwegian Bokmål', 'Sami'],
  ['Persian (Farsi)', 'Dari', 'Tajik'],
  ['Malay', 'Indonesian'],
  ['Moldavian', 'Romanian'],
  ['Hindi', 'Urdu', 'Fiji Hindi'],
  ['Sotho', 'Southern Sotho', 'Northern Sotho'],
  ['Southern Ndebele', 'Northern Ndebele', 'Zulu'],
  ['Czech', 'Slovak'],
];

/** Never offered as a wrong language: dialect-like names in the data, creoles, sign languages and the like. */
export const LANGUAGE_NOT_DISTRACTORS: readonly string[] = [
  'Austro-Bavarian German', 'Swiss German', 'Moldavian', 'Norwegian Nynorsk', 'Norwegian Bokmål', 'Sami', 'Sorani', 'Aramaic',
  'Fiji Hindi', 'Jamaican Patois', 'Belizean Creole', 'Mauritian Creole', 'Seychellois Creole', 'Upper Guinea Creole', 'Haitian Creole',
  'Chibarwe', 'Khoisan', 'Kalanga', 'Ndau', 'Tonga', 'Latin', 'Berber', 'Nauru',
];
