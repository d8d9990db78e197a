import { DECIDING_WORDS } from '#shared/text/stop-words.ts';
import { analyse, sentences } from '../ai/nlp.ts';
import type { Passage } from '../ai/types.ts';

/**
 * Which retrieved sentences answer a student's question, or none: a sentence
 * qualifies only when it is about the question's entity (every name in the question), holds its
 * action (the verbs: "who wrote" is not answered by "was adopted by"), covers most of its other
 * words, and has an answer of the asked type (who → a name not in the question, when → a date,
 * how many → a number, where → a place name). Below that bar the tutor abstains instead of
 * stating a different fact. Explanation questions (why, explain, compare) take the passage most
 * about the topic and read it in order, instead of stitching sentences from unrelated passages.
 */
export type AnswerType = 'person' | 'date' | 'number' | 'place' | 'any';

export interface Term {
  readonly lemma: string;
  readonly kind: 'entity' | 'verb' | 'word';
  /** Must be found: a name, a superlative or ordinal ("first", "largest"), the verb of "who <verb>". */
  readonly required: boolean;
  /** Position of the word in the question (for naming the topic). */
  readonly at: number;
  /** Found only in the text itself, not in its passage's title or earlier sentences (one side of a comparison). */
  readonly own?: boolean;
}

export interface QuestionShape {
  readonly form: 'fact' | 'explain';
  readonly answerType: AnswerType;
  readonly terms: readonly Term[];
  /** Lower-case words of the question: an answer's name must be new. */
  readonly words: ReadonlySet<string>;
  /** "where" questions: the answer is a place named after in/at/near/from… */
  readonly located: boolean;
  /** "What is Vesak?": the term to define; only a definition answers (a bank question whose answer it is, or "Vesak is …"). */
  readonly definition: string | null;
  /** "Compare the Islamic and the Jewish calendars": the names either side of "and", each to be answered. */
  readonly compared: readonly string[];
  /** A why question: its answer (the cause) tends to come before the sentence that names the effect. */
  readonly why: boolean;
  /** A why or how question ("Explain how the Sikh scripture came together"): a process or a cause, which a bank question's one-line answer rarely gives. */
  readonly process: boolean;
  /** What the question is about, in its own words ("the Declaration of Independence"): its names, else its key words. */
  readonly topic: string;
}

/** A selected sentence with the passage it is quoted from. */
export interface Selected {
  readonly text: string;
  readonly passage: Passage;
}

export interface Selection {
  readonly sentences: readonly Selected[];
  /** 0..1: the weighted share of the question's terms the lead sentence (or passage) holds. */
  readonly confidence: number;
}

/** The bar: below it the tutor says it is not sure. Checked against eval/tutor-questions.json. */
export const MIN_CONFIDENCE = 0.75;
/** Explanation questions are matched against a whole passage, whose framing words vary more. */
export const MIN_CONFIDENCE_EXPLAIN = 0.6;
const WEIGHT: Record<Term['kind'], number> = { entity: 2, verb: 1, word: 1 };

/** Words that frame a question rather than say what it is about. */
const GENERIC = new Set(
  'name call called happen happened take place know known famous mean meaning explain describe compare difference different differently tell word term kind type main differ usually often thing exactly way say said come go get world part become see'.split(' '),
);
const PERSON_NOUNS =
  'person|nun|priest|king|queen|emperor|empress|leader|ruler|explorer|apostle|prophet|guru|god|goddess|deity|scholar|philosopher|monk|president|prime minister|pharaoh|artist|general|saint|inventor|scientist|founder|author|writer|navigator|admiral|caliph|sultan|shah|pope';
const PLACE_NOUNS = 'city|town|country|place|river|mountain|region|continent|cave|island|sea|ocean|state|kingdom';
const DATE_WORDS = new Set(['year', 'date', 'day', 'century']);
/** The word after "how" that asks for a number. */
const HOW_FRAME = new Set(['many', 'much', 'long', 'old', 'big', 'large', 'far', 'tall', 'high', 'deep']);
/** Verbs that say an event happened, not what it was. */
const EVENT_VERBS = new Set(['meet', 'occur', 'hold', 'take', 'held', 'met']);
/** "Who wrote X": a sentence naming X as someone's ("Martin Luther's Ninety-five Theses") answers it. */
const AUTHORING = new Set(['write', 'wrote', 'compose', 'composed', 'author', 'paint', 'painted', 'draft', 'drafted', 'pen']);
const MONTH = '(?:January|February|March|April|May|June|July|August|September|October|November|December)';
const MONTHS = new RegExp(`^${MONTH}$`);
const NUMBER_WORDS = /\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty|hundred|thousand|million|billion|dozen)\b/i;
const DATE = new RegExp(`\\b\\d{3,4}\\b|\\b\\d{1,2}(?:st|nd|rd|th) century\\b|\\b\\d+ ?(?:BCE|BC|CE|AD)\\b|\\bcentur(?:y|ies)\\b|\\b\\d{1,2} ${MONTH}\\b|\\b${MONTH} \\d{1,2}\\b`, 'i');
/** A place named after a locative word ("shot in Sarajevo", "the city of Florence"). */
const LOCATED = /\b(?:in|at|near|from|into|of|across|along|outside|inside)\s+(?:the\s+)?((?:\p{Lu}[\p{L}'’-]+\s?)+)/gu;

export function questionShape(question: string): QuestionShape {
  const q = ` ${question.toLowerCase().replace(/[^a-z0-9' ]+/g, ' ')} `;
  const form = /^ (?:why|explain|describe|how come|compare|tell me about) | differ| compare | causes? of | reasons? for /.test(q) ? 'explain' : 'fact';
  const answerType: AnswerType = / how (?:many|much|long|old|big|large) /.test(q)
    ? 'number'
    : /^ when | (?:what|which|in which|in what|on which|on what) (?:year|date|century|day) | what day /.test(q)
      ? 'date'
      : new RegExp(`^ (?:who|whom|whose) | (?:which|what) (?:[a-z']+ ){0,2}(?:${PERSON_NOUNS}) `).test(q)
        ? 'person'
        : new RegExp(`^ where | (?:which|what|in which|in what) (?:[a-z']+ ){0,2}(?:${PLACE_NOUNS}) `).test(q)
          ? 'place'
          : 'any';
  const { tokens } = analyse(question);
  // "How long did it last": "long" (like many, much, old) says what kind of number, not what it is about.
  const howFrame = tokens.findIndex((t, i) => i > 0 && tokens[i - 1]!.normal === 'how' && HOW_FRAME.has(t.normal));
  const terms: Term[] = [];
  const seen = new Set<string>();
  // "Who wrote …": the verb is the relation asked about ("adopted by the Continental Congress" does not answer it).
  const whoVerb = /^who$/i.test(tokens[0]?.value ?? '') && tokens[1]?.pos === 'VERB' ? 1 : -1;
  tokens.forEach((t, i) => {
    if (t.type !== 'word' && t.type !== 'number') return;
    // The possessive "'s" is not a word of the question ("Gutenberg's workshop").
    if (i === howFrame || /^['’]/.test(t.value)) return;
    const deciding = DECIDING_WORDS.has(t.normal) && t.pos !== 'VERB';
    if ((t.stop && !deciding) || t.normal.length < 2 || GENERIC.has(t.lemma) || GENERIC.has(t.normal) || seen.has(t.lemma)) return;
    // "What date…" asks for a date; "the date of Easter" is what the question is about.
    if (DATE_WORDS.has(t.lemma) && answerType === 'date') return;
    seen.add(t.lemma);
    const capitalised = /^\p{Lu}/u.test(t.value) && i > 0 && t.pos !== 'ADJ';
    const kind: Term['kind'] = t.pos === 'PROPN' || capitalised ? 'entity' : t.pos === 'VERB' ? 'verb' : 'word';
    // An explanation, or a date, must be of the question's action too ("how were they founded", "when did he die"); other facts only for "who <verb>".
    // A verb that only says an event took place ("when did the council meet") is not the fact asked.
    const verbRequired = kind === 'verb' && (i === whoVerb || form === 'explain' || (answerType === 'date' && !EVENT_VERBS.has(t.lemma)));
    terms.push({ lemma: fold(t.lemma), kind, required: kind === 'entity' || deciding || verbRequired, at: i });
  });
  const focus = terms.some((t) => t.kind === 'entity') ? terms.filter((t) => t.kind === 'entity') : terms;
  const topic = focus.length
    ? tokens
        .slice(focus[0]!.at, focus.at(-1)!.at + 1)
        .map((t) => t.value)
        .join(' ')
        .replace(/ (?=[,.;:!?’'])/g, '')
    : '';
  const defined =
    /^\s*(?:what|who)\s+(?:is|are|was|were)\s+(?:a |an |the )?(.+?)\s*\??\s*$/i.exec(question)?.[1] ??
    /^\s*(?:explain|tell me)\s+what\s+(?:the word\s+)?(?:a |an |the )?(.+?)\s+(?:is|are|means?)\s*[.?]?\s*$/i.exec(question)?.[1];
  const definition = defined && !/\bcalled$/i.test(defined) && defined.split(/\s+/).length <= 4 && (/^\p{Lu}/u.test(defined) || tokens.length <= 6) ? defined : null;
  const compared: string[] = [];
  tokens.forEach((t, i) => {
    if (t.normal !== 'and') return;
    const left = terms.find((x) => x.at === i - 1);
    const right = terms.find((x) => x.at === i + 1 || (x.at === i + 2 && tokens[i + 1]?.normal === 'the'));
    const named = (x: Term | undefined) => x && /^\p{Lu}/u.test(tokens[x.at]!.value);
    if (named(left) && named(right)) compared.push(left!.lemma, right!.lemma);
  });
  return { form, answerType, terms, words: new Set(tokens.map((t) => fold(t.normal))), located: /^ where /.test(q), why: /^ why /.test(q), process: /^ (?:why|explain (?:how|why)|how (?:did|do|does|was|were|is|are|has|have)) /.test(q), topic, definition, compared };
}

interface Analysed {
  readonly lemmas: ReadonlySet<string>;
  readonly names: readonly string[];
}

/** Apostrophe shapes folded (Qur’an, Qur'an). */
const fold = (word: string): string => word.replace(/[’‘]/g, "'");

function analysed(text: string): Analysed {
  const { tokens } = analyse(text);
  const lemmas = new Set<string>();
  for (const t of tokens) {
    lemmas.add(fold(t.lemma));
    lemmas.add(fold(t.normal));
  }
  const names = tokens.filter((t, i) => t.type === 'word' && /^\p{Lu}/u.test(t.value) && !(i === 0 && t.stop) && t.normal.length > 1).map((t) => fold(t.normal));
  return { lemmas, names };
}

/** The same action in other words, as sources write it ("when did he die" … "before his death in 1708"). */
const SAME_ACTION: Readonly<Record<string, readonly string[]>> = {
  start: ['begin', 'began'],
  begin: ['start', 'started'],
  die: ['death', 'died'],
  collapse: ['dissolve', 'dissolved', 'fall', 'fell'],
  discover: ['find', 'found'],
  invent: ['develop', 'developed'],
  launch: ['launched'],
  beat: ['defeat', 'defeated'],
  defeat: ['beat'],
  kill: ['assassinate', 'assassinated', 'assassination', 'shoot', 'shot', 'murder', 'murdered', 'killed'],
  assassinate: ['kill', 'killed', 'shot', 'assassination'],
  large: ['great', 'greatest', 'big', 'biggest'],
  big: ['large', 'largest', 'great', 'greatest'],
  // "How is the date worked out": reckoned, calculated.
  work: ['calculate', 'calculated', 'reckon', 'reckoned'],
  write: ['wrote', 'written', 'author', 'authored'],
};

/** Endings that make a word of the same family: inflections count almost as the word, derivations as a relative. */
const INFLECTIONS = ['s', 'es', 'd', 'ed', 'ing'];
const DERIVATIONS = ['ern', 'ian', 'an', 'n', 'ese', 'ish', 'ic', 'ism', 'ist', 'er', 'fold'];

/**
 * A term found exactly, or as a word of the same family, counted at 0.7: most of the longer
 * word shared ("Egypt"/"Egyptian", "Islam"/"Islamic"; not "land"/"landlocked"), or a four-letter
 * name whose last vowel changes ("Rome"/"Roman"; not "four"/"found").
 */
function found(term: string, lemmas: ReadonlySet<string>): number {
  if (lemmas.has(term)) return 1;
  if ((SAME_ACTION[term] ?? []).some((w) => lemmas.has(w))) return 0.9;
  if (term.length < 4) return 0;
  let best = 0;
  for (const candidate of lemmas) {
    if (candidate.length < 4) continue;
    const [shorter, longer] = term.length <= candidate.length ? [term, candidate] : [candidate, term];
    // "decipher"/"deciphered", "east"/"eastern": the one word plus an ending.
    if (longer !== shorter && longer.startsWith(shorter)) {
      const ending = longer.slice(shorter.length);
      if (INFLECTIONS.includes(ending)) return 0.95;
      if (DERIVATIONS.includes(ending)) best = Math.max(best, 0.7);
    }
    let shared = 0;
    while (shared < term.length && shared < candidate.length && term[shared] === candidate[shared]) shared++;
    const family = shared >= 4 || (shared === 3 && shorter.length === 4 && /[aeiouy]$/.test(shorter));
    if (family && shared >= 0.6 * longer.length) best = Math.max(best, 0.7);
  }
  return best;
}

export interface Match {
  readonly coverage: number;
  /** Every required term (names, "first", "largest", the verb of "who <verb>") is there. */
  readonly required: boolean;
  /** The text has an answer of the asked type. */
  readonly typed: boolean;
  /** The share of the text's own content words that are the question's: a tie-break for the more specific text. */
  readonly precision: number;
}

/**
 * How well `text` answers: its coverage of the question's terms (names count double). A name
 * also counts when it is in `context` (the passage's title and earlier sentences: "starting in
 * the city of Florence" in a passage about the Renaissance).
 */
export function match(shape: QuestionShape, text: string, context = ''): Match {
  const a = analysed(text);
  const around = context ? analysed(context).lemmas : new Set<string>();
  let total = 0;
  let got = 0;
  let required = true;
  let matched = 0;
  for (const term of shape.terms) {
    const weight = WEIGHT[term.kind];
    // A name only in the passage's title or an earlier sentence counts a little over half: the sentence itself may be about something else.
    const f = Math.max(found(term.lemma, a.lemmas), term.kind === 'entity' && !term.own ? 0.6 * found(term.lemma, around) : 0, term.kind === 'verb' && AUTHORING.has(term.lemma) && possessed(shape, text) ? 0.9 : 0);
    total += weight;
    got += weight * f;
    if (f > 0) matched += 1;
    if (term.required && f === 0) required = false;
  }
  const own = analyse(text).tokens.filter((t) => (t.type === 'word' || t.type === 'number') && !t.stop).length;
  return { coverage: total ? got / total : 0, required, typed: hasType(shape, text, a), precision: own ? matched / own : 0 };
}

/** The question's work named as someone's ("Martin Luther's Ninety-five Theses", "the monk's Ninety-five Theses"). */
function possessed(shape: QuestionShape, text: string): boolean {
  const work = shape.terms.find((t) => t.kind === 'entity');
  if (!work) return false;
  // The owner a person: a full name ("Martin Luther's") or a word for one ("the monk's"), not a country ("Brazil's declaration").
  const owned = new RegExp(`(?:\\p{Lu}[\\p{L}-]+\\s+\\p{Lu}[\\p{L}-]+|\\b(?:${PERSON_NOUNS}))['’]s\\s+(?:the\\s+)?([\\p{L}-]+)`, 'gu');
  return [...text.matchAll(owned)].some((m) => m[1]!.toLowerCase().split('-').some((w) => fold(w) === work.lemma));
}

/**
 * The clauses of a sentence (split at semicolons) that name what is asked (its names, action
 * and required words, else any of its words); all of them when none does (the name is in the
 * passage around it).
 */
function datedClauses(shape: QuestionShape, text: string): readonly string[] {
  const clauses = text.split(/;\s+/);
  if (clauses.length === 1) return clauses;
  const key = shape.terms.filter((t) => t.kind !== 'word' || t.required);
  const wanted = key.length ? key : shape.terms;
  const about = clauses.filter((clause) => wanted.some((t) => found(t.lemma, analysed(clause).lemmas) > 0));
  return about.length ? about : clauses;
}

function hasType(shape: QuestionShape, text: string, a: Analysed): boolean {
  switch (shape.answerType) {
    case 'date':
      // The date in the clause about what is asked ("became leader in 1985; his reforms contributed to the end of the Cold War" does not date the end).
      return datedClauses(shape, text).some((clause) => DATE.test(clause));
    case 'number':
      // A number of its own, not one inside a name ("the Four Noble Truths").
      return /\d/.test(text) || [...text.matchAll(new RegExp(NUMBER_WORDS.source, 'gi'))].some((m) => !/^\s+\p{Lu}/u.test(text.slice(m.index + m[0].length)));
    case 'place':
      if (shape.located) return [...text.matchAll(LOCATED)].some((m) => m[1]!.split(/\s+/).some((w) => w && !MONTHS.test(w) && !shape.words.has(fold(w.toLowerCase()))));
      return a.names.some((n) => !shape.words.has(n));
    case 'person':
      return a.names.some((n) => !shape.words.has(n));
    default:
      return true;
  }
}

const passes = (shape: QuestionShape, m: Match): boolean =>
  m.coverage >= (shape.form === 'explain' ? MIN_CONFIDENCE_EXPLAIN : MIN_CONFIDENCE) && m.required && m.typed;

/** A bank passage: "Question? Answer: X. Explanation…". */
function bankParts(passage: Passage): { question: string; answer: string; explanation: string[] } | undefined {
  if (passage.source.kind !== 'question') return undefined;
  const at = /\bAnswer: (.+?)\.(?:\s|$)/.exec(passage.text);
  if (!at) return undefined;
  return { question: passage.source.title, answer: at[1]!, explanation: sentences(passage.text.slice(at.index + at[0].length)) };
}

const plain = (text: string): string => ` ${text.normalize('NFKD').replace(/\p{M}+/gu, '').toLowerCase().replace(/[’‘]/g, "'").replace(/[^a-z0-9']+/g, ' ').trim()} `;

/**
 * Whether a candidate defines `term`: a bank question about it or whose answer it is, or a
 * sentence that opens with it ("Vesak is …", "The Talmud, in …").
 */
export function defines(term: string, lead: Selected): boolean {
  const wanted = plain(term.replace(/^(?:a|an|the)\s+/i, '')).trim();
  const bank = bankParts(lead.passage);
  if (bank && lead.text === bankSentence(bank.question, bank.answer)) {
    const answer = plain(bank.answer.replace(/^(?:a|an|the)\s+/i, '')).trim();
    return (answer.length >= 3 && plain(term).includes(` ${answer} `)) || plain(`${bank.question} ${bank.answer}`).includes(` ${wanted} `);
  }
  const opening = plain(lead.text).trim().replace(/^(?:a|an|the) /, '');
  if (!opening.startsWith(`${wanted} `)) return false;
  // Then a copula or an apposition: "Karma is …", "“Renaissance” means …", "The Talmud, in …", "Vesak (…" — not a list ("Diwali, Holi and …").
  const after = opening.slice(wanted.length).trim();
  const bare = term.replace(/^(?:a|an|the)\s+/i, '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (/^(?:is|are|was|were|means|refers)\b/.test(after)) return true;
  const head = new RegExp(`^\\W*(?:(?:a|an|the)\\s+)?\\W*${bare}`, 'iu').exec(lead.text);
  return head !== null && /^\W*?(?:,\s+\p{Ll}|\s*\()/u.test(lead.text.slice(head[0].length));
}

/** How a bank question answers a student: both the question (it often holds the definition or the date) and its answer. */
export const bankSentence = (question: string, answer: string): string => `Our question bank asks “${question}” The answer is ${answer}.`;

const MAX_WORDS = 110;
/** How a study guide's summary section opens in its passages. */
const SECTION_BREAK = /^Key points:/i;

/** A passage's sentences as the tutor quotes them (a bank passage: its question and answer, then the explanation). */
function textOf(passage: Passage): string[] {
  const bank = bankParts(passage);
  return bank ? [bankSentence(bank.question, bank.answer), ...bank.explanation] : sentences(passage.text).filter((s) => !s.trimEnd().endsWith('?'));
}

export function selectAnswer(question: string, passages: readonly Passage[]): Selection | undefined {
  const shape = questionShape(question);
  if (shape.terms.length === 0) return undefined;
  // "Explain what landlocked means" asks for a definition, which only a defining sentence gives.
  if (shape.form === 'fact' || shape.definition) return factSelection(shape, passages);
  const one = explainSelection(shape, passages);
  // A comparison one passage does not cover (each side in its own passage): the best sentence on each side.
  if (shape.compared.length < 2) return one;
  if (one) {
    const extended = readOn(shape, one);
    if (extended) return extended;
  }
  const sides = shape.compared.map((side) => {
    const others = new Set(shape.compared.filter((c) => c !== side));
    const sub: QuestionShape = { ...shape, form: 'fact', answerType: 'any', definition: null, terms: shape.terms.filter((t) => !others.has(t.lemma)).map((t) => (t.lemma === side ? { ...t, required: true, own: true } : t)) };
    return factSelection(sub, passages, false);
  });
  if (sides.some((x) => !x)) return one;
  return { sentences: sides.flatMap((x) => x!.sentences), confidence: Math.min(...sides.map((x) => x!.confidence)) };
}

/** Where a term first appears in a text, in words (a text without it: last). */
function opens(term: Term, text: string): number {
  const at = analyse(text).tokens.findIndex((t) => found(term.lemma, new Set([fold(t.normal), fold(t.lemma)])) > 0);
  return at < 0 ? Number.MAX_SAFE_INTEGER : at;
}

/** The chosen passage read on to the sentence on each side of a comparison it has not reached yet, or undefined when it lacks one. */
function readOn(shape: QuestionShape, one: Selection): Selection | undefined {
  const passage = one.sentences[0]!.passage;
  const list = textOf(passage);
  const extended = [...one.sentences];
  // A sentence naming both sides ("split into a western and an eastern half") answers for neither.
  const has = (c: string, text: string) => {
    const lemmas = analysed(text).lemmas;
    return found(c, lemmas) > 0 && shape.compared.every((other) => other === c || found(other, lemmas) === 0);
  };
  for (const side of shape.compared) {
    if (extended.some((x) => has(side, x.text))) continue;
    const more = list.find((text) => has(side, text) && !extended.some((x) => x.text === text));
    if (more) extended.push({ text: more, passage });
  }
  return shape.compared.every((c) => extended.some((x) => has(c, x.text))) ? { ...one, sentences: extended } : undefined;
}

/** The best qualifying sentence (a bank question and answer counts as one), then what follows it in its passage. */
function factSelection(shape: QuestionShape, passages: readonly Passage[], withNext = true): Selection | undefined {
  const candidates: { lead: Selected; rest: string[]; m: Match; order: number }[] = [];
  // One side of a comparison: a sentence about it names it first ("The Islamic calendar is lunar" before "… year 1 of the Islamic calendar").
  const side = shape.terms.find((t) => t.own);
  passages.forEach((passage, order) => {
    const bank = bankParts(passage);
    if (bank) {
      const m = match(shape, `${bank.question} ${bank.answer}`);
      // A bank question that asks for the same kind of answer ("Where did the Buddha …? Sarnath") has it in its answer.
      const typed = m.typed || (shape.answerType !== 'any' && questionShape(bank.question).answerType === shape.answerType && !shape.words.has(fold(bank.answer.toLowerCase())));
      candidates.push({ lead: { text: bankSentence(bank.question, bank.answer), passage }, rest: bank.explanation, m: { ...m, typed }, order });
      // The explanation is about the bank question: its names count as the sentence's context.
      bank.explanation.forEach((text, i) =>
        candidates.push({ lead: { text, passage }, rest: bank.explanation.slice(i + 1), m: match(shape, text, [bank.question, bank.answer, ...bank.explanation.slice(0, i)].join(' ')), order }),
      );
      return;
    }
    const list = sentences(passage.text).filter((s) => !s.trimEnd().endsWith('?'));
    list.forEach((text, i) => candidates.push({ lead: { text, passage }, rest: list.slice(i + 1), m: match(shape, text, [passage.source.title, ...list.slice(0, i)].join(' ')), order }));
  });
  const best = candidates
    .filter((c) => passes(shape, c.m) && (!shape.definition || defines(shape.definition, c.lead)))
    .sort((a, b) => b.m.coverage - a.m.coverage || (side ? opens(side, a.lead.text) - opens(side, b.lead.text) : 0) || b.m.precision - a.m.precision || a.order - b.order)[0];
  if (!best) return undefined;
  // The sentence that follows it in its passage, for context: a passage reads in order.
  const next = best.rest[0];
  const out: Selected[] = [best.lead];
  if (withNext && next && words(best.lead.text) + words(next) <= MAX_WORDS) out.push({ text: next, passage: best.lead.passage });
  return { sentences: out, confidence: round(best.m.coverage) };
}

/** The passage most about the topic (a study guide before a bank explanation on a tie), read in order from its first sentence on the topic. */
function explainSelection(shape: QuestionShape, passages: readonly Passage[]): Selection | undefined {
  const scored = passages.map((passage, order) => {
    const list = textOf(passage);
    const m = match(shape, `${passage.source.title} ${list.join(' ')}`);
    // A passage about the topic throughout (many sentences on it, the topic in its title) before one that mentions it once.
    const perSentence = list.map((s) => match(shape, s).coverage);
    const density = perSentence.filter((c) => c > 0).length / Math.max(1, list.length);
    const title = match(shape, passage.source.title).coverage;
    // A bank question says what, rarely why or how: a guide or document explains.
    const bonus = (passage.source.kind === 'guide' ? 0.05 : 0) - (shape.process && passage.source.kind === 'question' ? 0.3 : 0);
    return { passage, list, perSentence, m, score: m.coverage + 0.2 * density + 0.1 * title + bonus, order };
  });
  const best = scored.filter((s) => passes(shape, s.m) && s.perSentence.some((c) => c > 0)).sort((a, b) => b.score - a.score || a.order - b.order)[0];
  if (!best) return undefined;
  const list = best.list;
  // From just before the sentence most on the question (a why-answer's cause comes before its effect), in order.
  const top = best.perSentence.indexOf(Math.max(...best.perSentence));
  // Within the section the top sentence is in: a guide's summary ("Key points: …") is a section of its own.
  const sectionStart = list.findLastIndex((text, i) => i <= top && SECTION_BREAK.test(text));
  const start = Math.max(0, sectionStart, top - (shape.why ? 2 : 1));
  const out: Selected[] = [];
  let count = 0;
  for (const [i, text] of list.entries()) {
    if (i < start) continue;
    if (out.length > 0 && count + words(text) > MAX_WORDS) break;
    if (i > top && SECTION_BREAK.test(text)) break;
    count += words(text);
    out.push({ text, passage: best.passage });
  }
  return { sentences: out, confidence: round(best.m.coverage) };
}

const words = (text: string): number => text.split(/\s+/).length;
const round = (n: number): number => Math.round(n * 1000) / 1000;
