import * as z from 'zod';
import { LEVELS, SUBJECTS } from '../constants.ts';
import { userIdSchema } from '../social/friends.ts';
import { emailField } from '../validation/email.ts';

/**
 * Parents and the students they follow (docs/admin.md:
 * parent-student links). The spec links at once and shows a fixed 85 % and
 * 2.5 h; here the student approves the link first (a notification with Accept / Decline),
 * either side can remove it, and every figure is read from the student's real attempts.
 */
export const PARENT_MESSAGES = {
  /** docs/admin.md: the e-mail is not a student's account. */
  studentNotFound: 'Student not found or is not registered as a student',
  /** docs/admin.md: the link already exists (pending or approved). */
  alreadyLinked: 'This student is already linked to your account',
  /** docs/admin.md: anything else. */
  addFailed: 'Failed to add student',
  /** Not in the spec: the student declined this parent's earlier request. */
  declined: 'This student declined your earlier request. Remove it first to ask again.',
  emailRequired: 'Student email is required',
  emailInvalid: 'Please enter a valid email address',
  linkNotFound: 'Link not found',
  alreadyAnswered: 'This request was already answered',
  tooManyStudents: 'You can follow at most 10 students',
  fetchFailed: 'Failed to fetch students',
} as const;

export { PARENT_LIMITS } from './limits.ts';

export const LINK_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type LinkStatus = (typeof LINK_STATUSES)[number];

export const studentEmailSchema = emailField({
  required: PARENT_MESSAGES.emailRequired,
  tooLong: PARENT_MESSAGES.emailInvalid,
  notAscii: PARENT_MESSAGES.emailInvalid,
  format: PARENT_MESSAGES.emailInvalid,
});

export const addStudentSchema = z.strictObject({ email: studentEmailSchema });
export const linkResponseSchema = z.strictObject({ accept: z.boolean() });
export const weeklyEmailSchema = z.strictObject({ enabled: z.boolean() });
export { userIdSchema };

/** What a parent (or a teacher) sees of a student who approved: all from real attempts. */
export const studentSummarySchema = z.object({
  /** Percent, over every quiz the student finished (0 with none). */
  average_score: z.number(),
  quizzes: z.number().int(),
  /** Hours spent in rounds finished in the last 7 days, one decimal. */
  study_hours_7d: z.number(),
  quizzes_7d: z.number().int(),
  streak: z.number().int(),
  recent_attempts: z.array(
    z.object({ subject: z.enum(SUBJECTS), level: z.enum(LEVELS), score: z.number().int(), total_questions: z.number().int(), percent: z.number().int(), completed_at: z.string() }),
  ),
  subjects: z.array(
    z.object({ subject: z.enum(SUBJECTS), totalQuizzes: z.number().int(), averageScore: z.number(), progressPercentage: z.number(), status: z.enum(['not-started', 'in-progress', 'mastered']) }),
  ),
});
export type StudentSummary = z.infer<typeof studentSummarySchema>;

export const linkedStudentSchema = z.object({
  student_id: z.string(),
  student_email: z.string(),
  status: z.enum(LINK_STATUSES),
  created_at: z.string(),
  weekly_email: z.boolean(),
  /** Only once the student approved; absent while pending or declined. */
  summary: studentSummarySchema.optional(),
});
export type LinkedStudent = z.infer<typeof linkedStudentSchema>;

export const linkedStudentsResponseSchema = z.object({ students: z.array(linkedStudentSchema) });
export const addStudentResponseSchema = z.object({ student: linkedStudentSchema });

/** The student's side: the parents who asked or follow. */
export const parentLinkSchema = z.object({ parent_id: z.string(), parent_email: z.string(), status: z.enum(LINK_STATUSES), created_at: z.string() });
export type ParentLink = z.infer<typeof parentLinkSchema>;
export const parentLinksResponseSchema = z.object({ parents: z.array(parentLinkSchema) });
export const linkAnsweredSchema = z.object({ status: z.enum(['accepted', 'declined']) });

/** Whether a parent may see a student's figures: only an approved link shows anything. */
export const showsData = (status: LinkStatus): boolean => status === 'accepted';

/** Whether a new request may be made when a link in this state exists (none: yes). */
export function requestProblem(existing: LinkStatus | undefined): string | undefined {
  if (existing === undefined) return undefined;
  return existing === 'declined' ? PARENT_MESSAGES.declined : PARENT_MESSAGES.alreadyLinked;
}

/** Where the student answers a consent request from the bell (a parent's link or a class invitation). */
export const consentRespondPath = (kind: 'parent_link' | 'class_invite', id: string): string =>
  kind === 'parent_link' ? `/api/me/parents/${encodeURIComponent(id)}/respond` : `/api/me/classes/${encodeURIComponent(id)}/respond`;

/** PUT /api/parent/students/{studentId}/weekly-email: the weekly summary e-mail's new setting. */
export const weeklyEmailResponseSchema = z.object({ weekly_email: z.boolean() });
