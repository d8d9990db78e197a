/**
 * The one table's keys and indexes. The CDK data stack and the local bootstrap both
 * build the table from this, so infrastructure and data access cannot drift.
 *
 * Access patterns (this issue):
 * - profile by user id ........ pk USER#<id>          sk PROFILE
 * - profile by e-mail ......... gsi1pk EMAIL#<email>  gsi1sk PROFILE
 * - profiles by role .......... gsi2pk ROLE#<role>    gsi2sk <email>
 * - link token by hash ........ pk TOKEN#<sha256>     sk TOKEN         (expires by TTL)
 * - an address's link tokens ... gsi1pk EMAIL#<email>  gsi1sk TOKEN#<sha256>  (found when the account is deleted)
 * - sessions valid after ....... pk USER#<id>         sk SESSIONS      (the account's revocation instant)
 * - sign-in by refresh token .. pk SESSION#<sha256>   sk SESSION       (expires by TTL)
 * - a user's sign-in records ... gsi1pk OWNER#<id>     gsi1sk SESSION#<sha256>  (found when the account is deleted)
 * - attempts in a window ...... pk RATE#<action>#<key> sk <window start> (expires by TTL)
 * - processed event marker .... pk EVENT#<consumer>#<id> sk EVENT      (running with a lease, or done; expires by TTL)
 * - question bank index ........ pk QBANK#<subject>#<level> sk META   (ids in index order, topics)
 * - question by bank index ..... pk QBANK#<subject>#<level> sk Q#<00000 index>
 * - seen questions of a bank ... pk USER#<id>  sk SEEN#<subject>#<level>  (a number set of indexes)
 * - round in play .............. pk USER#<id>  sk ROUND#<round id>        (expires by TTL)
 * - rounds counted on a day .... pk USER#<id>  sk DAILY#<yyyy-mm-dd>      (the account's local day; expires by TTL)
 * - attempts, newest last ...... pk USER#<id>  sk ATTEMPT#<completed at>#<round id>
 * - progress per level ......... pk USER#<id>  sk PROGRESS#<subject>#<level>
 * - learner stats, topics ...... pk USER#<id>  sk STATS | TOPIC#<subject>#<topic>
 * - active days, streak ........ pk USER#<id>  sk DAY#<yyyy-mm-dd> | STREAK
 * - achievements ............... pk USER#<id>  sk ACH#<achievement id>
 * - study goals ................ pk USER#<id>  sk GOAL#<goal id>   (own partition: another person's id is simply not found)
 * - study goals kept (a count) . pk USER#<id>  sk GOAL-COUNT   (moves with each goal, conditional on kept < 20: the cap holds under concurrency)
 * - learning style ............. pk USER#<id>  sk LEARNING-STYLE  (the assessment's result, docs/learning.md)
 * - notifications .............. pk USER#<id>  sk NOTIF#<delivered at, compact>-<key hash>  (newest 20 delivered: one key range; TTL 90 days)
 * - notification made once ..... pk USER#<id>  sk NOTIFKEY#<key hash>   (a fact notified once; TTL as the item)
 * - notifications naming someone  gsi1pk NOTIFABOUT#<sender or challenger> gsi1sk <created at>  (deleted with that account)
 * - notification settings ...... pk USER#<id>  sk NOTIF-SETTINGS
 * - study reminder due ......... pk USER#<id>  sk REMIND#<due at>, gsi1pk REMINDERS#<due day, UTC> gsi1sk <due at>#<id>
 *                                 (a run of the reminder job reads the due ones of a day: bounded key ranges)
 * - bookmarks .................. pk USER#<id>  sk BOOKMARK#<question id>
 * - friend requests ............ pk USER#<receiver> sk FREQ#IN#<sender>, mirrored as pk USER#<sender> sk FREQ#OUT#<receiver>
 * - friends (both ways) ........ pk USER#<id>  sk FRIEND#<friend id>
 * - friend challenge ........... pk CHALLENGE#<id> sk CHALLENGE, gsi1pk CHALLENGES#<challenger> / gsi2pk CHALLENGES#<challenged>,
 *                                 both sorted by <created at> (a player's challenges are two bounded queries)
 * - bookmarks kept (a count) ... pk USER#<id>  sk BOOKMARK-COUNT   (the limit is checked against it atomically)
 * - progress reports e-mailed .. pk USER#<id>  sk REPORTSENT#<sent at>  (the report's history: newest 20, one query; TTL 1 year)
 * - bookmark notes ............ on the bookmark item (`notes`), gone with the bookmark
 * - spaced-repetition card .... pk USER#<id>  sk CARD#<question id>, gsi1pk CARDS#<id> gsi1sk <next review>#<question id>
 *                                 (the due cards: one query, oldest due first, limit 20)
 * - payment intents, waitlist . pk USER#<id> sk INTENT#<at> | pk WAITLIST#<email> sk ENTRY
 * - product counters .......... pk STATS | STATS#SHARD#<1-9>  sk GLOBAL  (users, quizzes, answers; landing statistics; shards summed)
 * - site configuration ........ pk CONFIG sk SITE  (the public origin, written by the web stack)
 * - daily challenge ........... pk DAILYCH#<yyyy-mm-dd> sk LEVEL#<level>  (one per day and level, with its answer key)
 * - daily challenge progress .. pk USER#<id>  sk DCPROGRESS#<yyyy-mm-dd> | DCSTREAK (the last completed day and its streak)
 * - leaderboard entries ........ pk LBE#<attempt id> sk ENTRY, gsi2pk LB#all#<yyyy-mm>, gsi1pk LB#<subject>#<yyyy-mm>,
 *                                 both sorted by <points, zero-padded>#<completed at>
 * - leaderboard totals ......... pk USER#<id>  sk LBT#<all|subject>#<bucket>, gsi1pk LBT#<all|subject>#<bucket> gsi1sk <points, zero-padded>#<id>
 *                                 (one item per player, scope and period bucket: a top 100 is one bounded query; TTL after the bucket)
 * - feed item (fan-out copy) ... pk USER#<reader> sk FEED#<at>#<activity key>, gsi2pk FEEDBY#<actor> (found when the actor's account goes),
 *                                 gsi1pk FEEDABOUT#<other player> (a challenge names the opponent); TTL 30 days
 * - feed made once ............. pk USER#<id>  sk FEEDMARK#<what>   (a level mastered is announced once)
 * - study group ............... pk GROUP#<id>  sk GROUP (member_count kept by conditional writes: full holds under concurrency);
 *                                 public ones also gsi2pk GROUPS#PUBLIC gsi2sk <created at>#<id> (search reads this index, newest
 *                                 first, at most 500 groups: the empty query's browse; word searches use GROUPWORD#)
 * - group members ............... pk GROUP#<id>  sk MEMBER#<user id>, mirrored as pk USER#<id> sk GROUPOF#<group id> (my groups)
 * - group chat messages ......... pk GROUP#<id>  sk MSG#<at>#<message id> (last 50: one query, newest first),
 *                                 gsi1pk GROUPMSGBY#<user id> gsi1sk <at> (found when the sender's account is deleted)
 * - group invitation ............ pk USER#<invitee> sk GROUPINVITE#<group id> (a private group's join checks it)
 * - groups an account created .. pk USER#<id>  sk GROUP-COUNT  (a conditional count: at most 10 existing; an emptied group is deleted and gives its place back)
 * - group search word ........... pk GROUPWORD#<first two letters of the word> sk <word>#<creation counted down>#<group id>
 *                                 (a public group's name and description words, at most 60: a search reads one word's range, newest first)
 * - live tournament ........... pk TOURN#<id> sk TOURN (participant counter, match state), gsi1pk TOURNWEEK#<iso week> gsi1sk <start>
 *                                 (a week's tournaments: one query); sk QUESTIONS holds the answer key (server-side only)
 * - tournament registration ... pk TOURN#<id> sk PLAYER#<user id> (running score), gsi2pk TOURNPLAYER#<user id> gsi2sk <tournament id>
 * - tournament answer ......... pk TOURN#<id> sk ANS#<question, 3 digits>#<user id> (conditional put: once per question)
 * - tournament standings ...... pk TOURN#<id> sk STANDINGS (after the last closed question: top 10 and every rank)
 * - WebSocket connection ........ pk CONN#<connection id> sk CONN, gsi1pk CONNS#<user id> gsi1sk <connection id>
 *                                 (a user's open connections: one query; TTL 2 h, API Gateway's connection lifetime)
 * - topic subscription ......... pk CONN#<connection id> sk SUB#<topic>, gsi1pk SUBS#<topic> gsi1sk <connection id>
 *                                 (a topic's listeners: one query; a connection's items are one partition, deleted on
 *                                 $disconnect or a 410; TTL as the connection)
 * - frames of a connection ..... pk CONN#<connection id> sk FRAMES#<window> (a counter per 10 s: the frame limit; TTL a minute)
 * - AI tutor questions a day .. pk USER#<id>  sk TUTORDAY#<yyyy-mm-dd>  (a conditional counter: the daily limit; TTL 2 days)
 * - generated question ......... pk GENQ#<id> sk GENQ, gsi1pk GENQS#<pending|approved|rejected> gsi1sk <created at>#<id>
 *                                 (the review queue: one query per status, newest first; approval appends it to the bank)
 * - generated study guide ...... pk GUIDE#<id> sk GUIDE, gsi2pk GUIDES gsi2sk <created at>#<id> (listed in /study, newest first)
 * - a guide's fact check ....... pk GUIDE#<guide id> sk FACTCHECK  (the latest verdicts, catalogue or generated guide)
 * - admin audit log ............ pk AUDIT  sk <at>#<uuid>  (who did what, newest first: one bounded query; admin
 *                                 actions are rare clicks, far below one partition's limits; kept when accounts go)
 * - admin statistics ........... pk ADMINSTATS | ADMINSTATS#SHARD#<1-9>  sk TOTALS | DAY#<yyyy-mm-dd>  (counters kept by the aggregate-admin-stats
 *                                 consumer; the overview is one BatchGet of 8 counters × 10 shards whatever the number of users)
 * - played on a day (admin) .... pk ADMINSTATS#ACTIVE#<yyyy-mm-dd>  sk <sha256 of user id>  (a player counted active once a day; TTL 8 days)
 * - seen tracking reset ........ pk CONFIG  sk SEEN-RESET  (the generation every seen set is compared with; an admin's reset adds one)
 * - offline quiz pack .......... pk USER#<id>  sk OFFLINEPACK#<pack id>  (10 questions with their answer key, issued to
 *                                 this account for offline play; results are graded against it; TTL 30 days)
 * - knowledge-base chunk ....... pk KB#<subject | general>  sk CHUNK#<source kind>#<source id>#<nnn>  (≤ 512 characters, its
 *                                 source and category, the vector as packed float32 bytes with the embedder's id; a subject's
 *                                 chunks are one partition, read whole by search: keys in functions/knowledge/data/knowledge.ts)
 * - knowledge-base versions .... pk KBVERSION  sk <subject | general> (bumped by each write: a container's cached vectors are
 *                                 checked with one BatchGet) | SEED (the seeded material's stamp)
 * - admin's document ........... pk DOC#<id>  sk DOC  (title, content, subject, category, who, when; status pending → embedding
 *                                 → ready | failed with progress), gsi2pk KBDOCS gsi2sk <created at>#<id> (newest first)
 * - a document's passage vector  pk DOC#<id>  sk PART#<nnn>  (while it embeds: a retried run resumes; TTL 14 days)
 * - AI explanation (cache) ..... pk EXPL#<question id> sk V#<question version>#<answer slot>  (one per question version and
 *                                 answer chosen, shared by all accounts; the video's counters: viewers, likes, rating sum/count)
 * - video library item ........ pk USER#<id>  sk VIDEO#<video id>  (the explanation and question as added, watched/liked/saved,
 *                                 my rating; the library is one query of the account's partition, at most 200)
 * - videos kept (a count) ...... pk USER#<id>  sk VIDEO-COUNT  (moves with each add, conditional on kept < 200)
 * - parent link ................ pk USER#<parent> sk PLINK#CHILD#<student>, mirrored as pk USER#<student> sk PLINK#PARENT#<parent>
 *                                 (status pending | accepted | declined; the parent's copy, once opted in to the weekly
 *                                 e-mail, also gsi1pk WEEKLYSUMMARY gsi1sk <parent>#<student>: the weekly job's one query)
 * - class ...................... pk CLASS#<id> sk CLASS (name, code, teacher, member_count kept by conditional writes),
 *                                 listed as pk USER#<teacher> sk TCLASS#<class id>; its code pk CLASSCODE#<code> sk CODE
 * - class members .............. pk CLASS#<id> sk MEMBER#<student>, mirrored as pk USER#<student> sk CLASSOF#<class id>
 * - class invitation ........... pk USER#<student> sk CLASSINVITE#<class id>, mirrored as pk CLASS#<id> sk INVITED#<student>
 * - class assignment ........... pk CLASS#<id> sk ASSIGN#<created at>#<assignment id> (newest 10: one query)
 * - consent requests ........... pk USER#<student> sk CONSENTASK#<parent or teacher>#<yyyy-mm-dd> (a conditional count: 3 a day; TTL 2 days)
 *                                 | CONSENTNO#<parent or teacher> (the student said no: no request for 7 days; TTL then)
 */
export const TABLE_DESIGN = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'ttl',
  globalSecondaryIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

/**
 * The key builders, one export each in table-keys.ts. Lambda code imports them as a namespace,
 * `import * as keys from './table-keys.ts'`, so its bundle carries only the builders it calls;
 * this re-export (the whole set) is for tests, scripts and the local runtime.
 */
export * as keys from './table-keys.ts';

/** DynamoDB TTL wants epoch seconds. */
export const ttlSeconds = (epochMs: number): number => Math.ceil(epochMs / 1000);
