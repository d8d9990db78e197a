/**
 * English function words: what a text says nothing with on its own. Matching and retrieval
 * drop them to compare what texts are about (a generated claim against its passage, a question
 * against a study text, a guide against its topic, the plain tokenizer standing in for wink-nlp's
 * own list).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'a about after all also an and any are as at be because been before being between both but by can ' +
    'could did do does done down during each either else first for from had has have he her his how i ' +
    'if in into is it its just many may me might more most much must my neither no not of off on one ' +
    'only onto or other our out over own same shall she should so some such than that the their them ' +
    'then there these they this those through to too under up very vs was we were what whats when ' +
    'where which while who whom whose why will with would yes you your'
  ).split(' '),
);

/**
 * Words a stop-word filter would drop that decide what a question asks: "the first emperor"
 * is not any emperor, "the largest country" not any country.
 */
export const DECIDING_WORDS: ReadonlySet<string> = new Set(['first', 'last', 'second', 'third', 'largest', 'smallest', 'longest', 'highest', 'oldest', 'biggest', 'deepest', 'earliest', 'latest', 'only']);
