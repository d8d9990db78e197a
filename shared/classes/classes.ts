import * as z from 'zod';
import { LEVELS, SUBJECTS, type Level, type Subject } from '../constants.ts';
import { studentEmailSchema } from '../parents/parents.ts';
import { pathIdSchema } from '../validation/path-id.ts';

/**
 * Teachers' classes and the student score row (docs/admin.md). The spec's
 * selector offers Class A, B and C, which hold nothing, and its Add Student saves nothing; here a
 * teacher creates and names classes, students join with the class code or accept an e-mailed
 * invitation (a notification), and the table reads the members' real attempts.
 */
export const CLASS_MESSAGES = {
  /** docs/admin.md, when the invited e-mail is not a student's account. */
  studentNotFound: 'Student not found. Please ensure the email is correct.',
  addFailed: 'Failed to add student',
  fetchFailed: 'Failed to fetch students',
  nameRequired: 'Class name is required',
  nameTooLong: 'Class name must be at most 60 characters',
  classNotFound: 'Class not found',
  codeInvalid: 'Enter the 8-character class code your teacher gave you',
  codeNotFound: 'No class has that code. Check it with your teacher.',
  alreadyMember: 'This student is already in the class',
  alreadyJoined: 'You are already in this class',
  alreadyInvited: 'This student was already invited',
  classFull: 'This class is full',
  tooManyClasses: 'You can have at most 20 classes',
  invitationNotFound: 'Invitation not found',
  studentNotInClass: 'Student not found in this class',
  dueDateInvalid: 'Choose a due date from today on',
  tooManyJoins: 'Too many attempts. Wait a few minutes and try again.',
} as const;

export const CLASS_LIMITS = {
  nameMax: 60,
  maxClassesPerTeacher: 20,
  maxStudentsPerClass: 60,
  /** Assignments shown (newest first) with their completions. */
  assignmentsShown: 10,
  /** Study time over this many hours in the last 7 days makes a student active (the spec's study_time over 2). */
  activeHours: 2,
  /** Due dates at most this far ahead. */
  dueDaysMax: 365,
} as const;

/** Class codes: 8 characters without look-alikes (0/O, 1/I/L); about 10^12 codes. */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const CODE_LENGTH = 8;

export function makeClassCode(random: (n: number) => number): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[random(CODE_ALPHABET.length)]).join('');
}

/** What a student types: case, spaces and dashes do not matter. */
export const normaliseCode = (input: string): string => input.toUpperCase().replace(/[\s-]/g, '');

export const classCodeSchema = z
  .string({ error: CLASS_MESSAGES.codeInvalid })
  .transform(normaliseCode)
  .refine((code) => code.length === CODE_LENGTH && [...code].every((c) => CODE_ALPHABET.includes(c)), CLASS_MESSAGES.codeInvalid);

export const classIdSchema = pathIdSchema(/^[0-9a-f-]{36}$/, 36);
export const assignmentIdSchema = z.string().regex(/^[0-9a-f-]{36}$/);

export const createClassSchema = z.strictObject({
  name: z.string({ error: CLASS_MESSAGES.nameRequired }).trim().min(1, CLASS_MESSAGES.nameRequired).max(CLASS_LIMITS.nameMax, CLASS_MESSAGES.nameTooLong),
});
export const inviteStudentSchema = z.strictObject({ email: studentEmailSchema });
export const joinClassSchema = z.strictObject({ code: classCodeSchema });
export const answerInvitationSchema = z.strictObject({ accept: z.boolean() });

const DATE = /^\d{4}-\d{2}-\d{2}$/;
export const createAssignmentSchema = z.strictObject({
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  /** A calendar date; the assignment is due at the end of that day (UTC). */
  due_date: z.string().regex(DATE, CLASS_MESSAGES.dueDateInvalid),
});

/** The instant an assignment is due: the end of its due date, UTC (so the date is the last day to play). */
export const dueInstant = (dueDate: string): string => new Date(Date.parse(`${dueDate}T00:00:00Z`) + 86_400_000 - 1).toISOString();

/** A due date is acceptable from today (UTC, a day's grace for zones behind) up to a year ahead. */
export function dueDateProblem(dueDate: string, now: Date): string | undefined {
  const due = Date.parse(`${dueDate}T00:00:00Z`);
  if (!Number.isFinite(due) || new Date(due).toISOString().slice(0, 10) !== dueDate) return CLASS_MESSAGES.dueDateInvalid;
  const today = Date.parse(`${now.toISOString().slice(0, 10)}T00:00:00Z`);
  if (due < today - 86_400_000 || due > today + CLASS_LIMITS.dueDaysMax * 86_400_000) return CLASS_MESSAGES.dueDateInvalid;
  return undefined;
}

export interface AssignmentWindow {
  subject: Subject;
  level: Level;
  created_at: string;
  due_at: string;
}

export interface PlayedRound {
  subject: Subject;
  level: Level;
  score: number;
  total_questions: number;
  completed_at: string;
}

/**
 * A student completed an assignment with a round of its subject and level finished after the
 * assignment was set and by its due instant. The best such round counts (ties: the earliest).
 */
export function completionOf(assignment: AssignmentWindow, rounds: readonly PlayedRound[]): PlayedRound | undefined {
  const from = Date.parse(assignment.created_at);
  const to = Date.parse(assignment.due_at);
  const matching = rounds.filter((r) => {
    const at = Date.parse(r.completed_at);
    return r.subject === assignment.subject && r.level === assignment.level && at >= from && at <= to;
  });
  const ratio = (r: PlayedRound) => (r.total_questions > 0 ? r.score / r.total_questions : 0);
  return matching.sort((a, b) => ratio(b) - ratio(a) || a.completed_at.localeCompare(b.completed_at))[0];
}

/** Active Students: study time over 2 hours in the last 7 days (the spec's study_time over 2). */
export const isActive = (studyHours7d: number): boolean => studyHours7d > CLASS_LIMITS.activeHours;

/** The student score row (docs/admin.md); a subject without quizzes has no score (null), not 0. */
export const scoreRowSchema = z.object({
  user_id: z.string(),
  email: z.string(),
  geography_score: z.number().nullable(),
  history_score: z.number().nullable(),
  religion_score: z.number().nullable(),
  overall_score: z.number().nullable(),
  quizzes: z.number().int(),
  study_hours_7d: z.number(),
  active: z.boolean(),
  joined_at: z.string(),
});
export type ScoreRow = z.infer<typeof scoreRowSchema>;

export function scoreRow(input: {
  userId: string;
  email: string;
  joinedAt: string;
  subjects: readonly { subject: Subject; totalQuizzes: number; averageScore: number }[];
  overall: number;
  studyHours7d: number;
}): ScoreRow {
  const score = (subject: Subject) => {
    const s = input.subjects.find((x) => x.subject === subject);
    return s && s.totalQuizzes > 0 ? s.averageScore : null;
  };
  const quizzes = input.subjects.reduce((sum, s) => sum + s.totalQuizzes, 0);
  return {
    user_id: input.userId,
    email: input.email,
    geography_score: score('geography'),
    history_score: score('history'),
    religion_score: score('religion'),
    overall_score: quizzes > 0 ? input.overall : null,
    quizzes,
    study_hours_7d: input.studyHours7d,
    active: isActive(input.studyHours7d),
    joined_at: input.joinedAt,
  };
}

export const classSummarySchema = z.object({
  students: z.number().int(),
  /** The average of the students' overall scores (students without quizzes left out); null with none. */
  average_score: z.number().nullable(),
  active_students: z.number().int(),
  quizzes: z.number().int(),
});
export type ClassSummary = z.infer<typeof classSummarySchema>;

export function classSummary(rows: readonly ScoreRow[]): ClassSummary {
  const scored = rows.filter((r) => r.overall_score !== null);
  return {
    students: rows.length,
    average_score: scored.length ? Math.round(scored.reduce((sum, r) => sum + (r.overall_score ?? 0), 0) / scored.length) : null,
    active_students: rows.filter((r) => r.active).length,
    quizzes: rows.reduce((sum, r) => sum + r.quizzes, 0),
  };
}

export const classSchema = z.object({ id: z.string(), name: z.string(), code: z.string(), member_count: z.number().int(), created_at: z.string() });
export type ClassInfo = z.infer<typeof classSchema>;
export const classListResponseSchema = z.object({ classes: z.array(classSchema) });
export const classCreatedSchema = z.object({ class: classSchema });

export const assignmentSchema = z.object({
  id: z.string(),
  subject: z.enum(SUBJECTS),
  level: z.enum(LEVELS),
  due_date: z.string(),
  due_at: z.string(),
  created_at: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const classDetailSchema = z.object({
  class: classSchema,
  students: z.array(scoreRowSchema),
  invited: z.array(z.object({ user_id: z.string(), email: z.string(), invited_at: z.string() })),
  summary: classSummarySchema,
  assignments: z.array(
    assignmentSchema.extend({
      completed: z.array(z.object({ user_id: z.string(), email: z.string(), score: z.number().int(), total_questions: z.number().int(), percent: z.number().int(), completed_at: z.string() })),
    }),
  ),
});
export type ClassDetail = z.infer<typeof classDetailSchema>;

export const invitedSchema = z.object({ invited: z.object({ user_id: z.string(), email: z.string(), invited_at: z.string() }) });
export const assignmentCreatedSchema = z.object({ assignment: assignmentSchema });

/** The student's side: classes, open invitations and the assignments of their classes. */
export const myClassesSchema = z.object({
  classes: z.array(z.object({ id: z.string(), name: z.string(), teacher_email: z.string(), joined_at: z.string() })),
  invitations: z.array(z.object({ class_id: z.string(), class_name: z.string(), teacher_email: z.string(), invited_at: z.string() })),
  assignments: z.array(
    assignmentSchema.extend({
      class_id: z.string(),
      class_name: z.string(),
      completed: z.boolean(),
      percent: z.number().int().nullable(),
      overdue: z.boolean(),
    }),
  ),
});
export type MyClasses = z.infer<typeof myClassesSchema>;
export const joinedClassSchema = z.object({ class: z.object({ id: z.string(), name: z.string(), teacher_email: z.string() }) });
