/**
 * The parent area's limits, in a module of their own: summary.ts is kept free of zod (the
 * weekly e-mail job's bundle) and parents.ts holds the schemas; both read these.
 */
export const PARENT_LIMITS = {
  /** Students one parent may follow (pending links included). */
  maxStudents: 10,
  /** Attempts shown per student. */
  recentAttempts: 5,
} as const;
