import * as z from 'zod';
import { LEVELS, SUBJECTS } from '../constants.ts';
import { emailField } from '../validation/email.ts';
import { plainText } from '../validation/plain-text.ts';
import { pathIdSchema } from '../validation/path-id.ts';

/** Study groups with chat (docs/social.md): rules shared by the form and the Lambdas. */
export const GROUP_LIMITS = {
  nameMin: 3,
  nameMax: 50,
  descriptionMax: 500,
  membersMin: 5,
  membersMax: 100,
  membersDefault: 50,
  /** The chat shows the last 50 messages. */
  messagesShown: 50,
  messageMax: 1000,
  searchMax: 100,
  /** Search answers at most this many groups, and reads at most `searchScanMax` public groups to find them. */
  searchResults: 20,
  searchScanMax: 500,
  /** Groups an account created that still exist (a conditional count; an empty group is deleted, which frees a place). */
  groupsPerAccount: 10,
} as const;

export const GROUP_MESSAGES = {
  nameRequired: 'Group name is required',
  nameFormat: `Group name must be ${GROUP_LIMITS.nameMin} to ${GROUP_LIMITS.nameMax} letters, digits and spaces`,
  descriptionTooLong: `Description must be at most ${GROUP_LIMITS.descriptionMax} characters`,
  maxMembers: 'Max members must be between 5 and 100',
  messageEmpty: 'Type a message first',
  messageTooLong: `Messages can be at most ${GROUP_LIMITS.messageMax} characters`,
  groupNotFound: 'Study group not found',
  notMember: 'Only members of this group can do this',
  groupFull: 'This group is full',
  privateGroup: 'This group is private: you need an invitation to join',
  alreadyMember: 'You are already a member of this group',
  onlyAdminInvites: 'Only the group admin can invite people',
  inviteeNotFriend: 'You can invite only your friends',
  inviteeNotFound: 'User not found with that email address',
  inviteeIsMember: 'This person is already a member',
  chatTooFast: 'You are sending messages too fast. Wait a few seconds and try again.',
  premiumRequired: 'Study groups are part of Premium',
  tooManyGroups: `You can have at most ${GROUP_LIMITS.groupsPerAccount} study groups that you created`,
  busy: 'Too many changes at once. Try again.',
} as const;

export const GROUP_SUBJECTS = ['all', ...SUBJECTS] as const;
export type GroupSubject = (typeof GROUP_SUBJECTS)[number];
export const GROUP_LEVELS = ['mixed', ...LEVELS] as const;
export type GroupLevel = (typeof GROUP_LEVELS)[number];
export type GroupRole = 'admin' | 'member';

/** Letters (any script), digits and spaces; 3 to 50 of them. */
const NAME_PATTERN = /^[\p{L}\p{N} ]+$/u;

export const groupNameSchema = z
  .string(GROUP_MESSAGES.nameRequired)
  .trim()
  .min(1, GROUP_MESSAGES.nameRequired)
  .refine((name) => name.length >= GROUP_LIMITS.nameMin && name.length <= GROUP_LIMITS.nameMax && NAME_PATTERN.test(name), GROUP_MESSAGES.nameFormat)
  .transform((name) => name.replace(/ {2,}/g, ' '));

const maxMembersSchema = z.coerce
  .number(GROUP_MESSAGES.maxMembers)
  .int(GROUP_MESSAGES.maxMembers)
  .min(GROUP_LIMITS.membersMin, GROUP_MESSAGES.maxMembers)
  .max(GROUP_LIMITS.membersMax, GROUP_MESSAGES.maxMembers);

/** Create Group: name required; the rest has the spec's defaults. */
export const createGroupSchema = z.strictObject({
  name: groupNameSchema,
  description: z.string().trim().max(GROUP_LIMITS.descriptionMax, GROUP_MESSAGES.descriptionTooLong).default(''),
  subject: z.enum(GROUP_SUBJECTS).default('all'),
  level: z.enum(GROUP_LEVELS).default('mixed'),
  is_private: z.boolean().default(false),
  max_members: maxMembersSchema.default(GROUP_LIMITS.membersDefault),
});
export type CreateGroupInput = z.input<typeof createGroupSchema>;
export type NewGroup = z.output<typeof createGroupSchema>;

/** The form's starting values (docs/social.md). */
export const GROUP_FORM_DEFAULTS = {
  name: '',
  description: '',
  subject: 'all' as GroupSubject,
  level: 'mixed' as GroupLevel,
  is_private: false,
  max_members: GROUP_LIMITS.membersDefault,
};

/**
 * Chat text as stored and shown: what the member wrote (the page shows it as text, so
 * `a < b and c > d` stays whole), invisible and control characters removed (new lines kept,
 * at most one blank line in a row), trimmed, and cut to 1000 characters.
 */
export function sanitiseMessage(raw: string): string {
  // A cut between a surrogate pair's halves would leave half a character.
  return plainText(raw).slice(0, GROUP_LIMITS.messageMax).replace(/[\uD800-\uDBFF]$/, '').trim();
}

/** A chat message: over 1000 characters is refused (the spec's "ignored"); otherwise sanitised, and non-empty after that. */
export const chatMessageSchema = z.strictObject({
  message: z
    .string(GROUP_MESSAGES.messageEmpty)
    .max(GROUP_LIMITS.messageMax * 2, GROUP_MESSAGES.messageTooLong)
    .refine((text) => text.trim().length <= GROUP_LIMITS.messageMax, GROUP_MESSAGES.messageTooLong)
    .transform(sanitiseMessage)
    .refine((text) => text.length > 0, GROUP_MESSAGES.messageEmpty),
});

/** Whether the composer may send `draft` (the same rule the server applies). */
export function canSendMessage(draft: string): boolean {
  return chatMessageSchema.safeParse({ message: draft }).success;
}

export const groupSearchSchema = z.object({ q: z.string().trim().max(GROUP_LIMITS.searchMax).default('') });

/** Invite a friend by user id or e-mail (exactly one). */
export const inviteSchema = z.union([
  z.strictObject({ user_id: z.string().regex(/^[0-9a-f-]{36}$/, 'Invalid format') }),
  z.strictObject({ email: emailField({ required: GROUP_MESSAGES.inviteeNotFound, tooLong: GROUP_MESSAGES.inviteeNotFound, notAscii: GROUP_MESSAGES.inviteeNotFound, format: GROUP_MESSAGES.inviteeNotFound }) }),
]);

/** Group ids are server-made: 22 url-safe characters (a random 128-bit id). */
export const groupIdSchema = pathIdSchema(/^[A-Za-z0-9_-]{10,40}$/, 40);

/** Case-insensitive match on name or description (group search, docs/social.md); an empty query matches every group. */
export function matchesSearch(group: { name: string; description: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  return group.name.toLowerCase().includes(q) || group.description.toLowerCase().includes(q);
}

/** Join is allowed while the group has room, and for a private group only with an invitation. */
export function joinRefusal(group: { member_count: number; max_members: number; is_private: boolean }, invited: boolean): 'full' | 'private' | null {
  if (group.is_private && !invited) return 'private';
  if (group.member_count >= group.max_members) return 'full';
  return null;
}

/** Group stats from members' attempts: per-level progress rows summed (percent scores averaged per quiz). */
export interface ProgressRowTotals {
  quizzes: number;
  correct_answers: number;
  total_questions: number;
  score_sum: number;
  points: number;
}
export interface GroupStats {
  total_quizzes: number;
  average_score: number | null;
  accuracy: number | null;
  total_points: number;
  active_members: number;
}

export function groupStats(membersRows: readonly (readonly ProgressRowTotals[])[]): GroupStats {
  let quizzes = 0;
  let correct = 0;
  let questions = 0;
  let scoreSum = 0;
  let points = 0;
  let active = 0;
  for (const rows of membersRows) {
    const own = rows.reduce((n, r) => n + r.quizzes, 0);
    if (own > 0) active++;
    for (const r of rows) {
      quizzes += r.quizzes;
      correct += r.correct_answers;
      questions += r.total_questions;
      scoreSum += r.score_sum;
      points += r.points;
    }
  }
  return {
    total_quizzes: quizzes,
    average_score: quizzes > 0 ? Math.round(scoreSum / quizzes) : null,
    accuracy: questions > 0 ? Math.round((correct / questions) * 100) : null,
    total_points: points,
    active_members: active,
  };
}

// ——— Responses (parsed by the web client) ———

export const groupViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  subject: z.enum(GROUP_SUBJECTS),
  level: z.enum(GROUP_LEVELS),
  is_private: z.boolean(),
  max_members: z.number().int(),
  member_count: z.number().int(),
  created_by: z.string(),
  created_at: z.string(),
  /** The caller's role, or null when not a member. */
  my_role: z.enum(['admin', 'member']).nullable(),
  invited: z.boolean().optional(),
});
export type GroupView = z.infer<typeof groupViewSchema>;

export const groupListSchema = z.object({ groups: z.array(groupViewSchema) });
export const groupCreatedSchema = z.object({ group: groupViewSchema });

export const memberViewSchema = z.object({ user_id: z.string(), email: z.string(), role: z.enum(['admin', 'member']), joined_at: z.string() });
export type MemberView = z.infer<typeof memberViewSchema>;

export const chatMessageViewSchema = z.object({ id: z.string(), group_id: z.string(), user_id: z.string(), email: z.string(), message: z.string(), created_at: z.string() });
export type ChatMessageView = z.infer<typeof chatMessageViewSchema>;

export const groupDetailSchema = z.object({ group: groupViewSchema, members: z.array(memberViewSchema) });
export const messagesResponseSchema = z.object({ messages: z.array(chatMessageViewSchema) });
export const messageSentSchema = z.object({ message: chatMessageViewSchema });
export const groupStatsSchema = z.object({
  stats: z.object({ total_quizzes: z.number(), average_score: z.number().nullable(), accuracy: z.number().nullable(), total_points: z.number(), active_members: z.number() }),
});

/** The live message on `group:<id>`. */
export const CHAT_MESSAGE_TYPE = 'chat.message';

/** GET /api/groups: the groups the caller belongs to and those they are invited to. */
export const myGroupsSchema = z.object({ groups: z.array(groupViewSchema), invitations: z.array(groupViewSchema) });
/** POST /api/groups/{groupId}/invitations: who was invited. */
export const groupInvitationSchema = z.object({ invitation: z.object({ group_id: z.string(), user_id: z.string(), email: z.string() }) });
