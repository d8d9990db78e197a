import * as z from 'zod';

/**
 * The admin audit log: who did what, to what, and when. Every admin-only
 * handler records one entry after a successful change (functions/admin/data/audit-log.ts);
 * admins read the newest entries in the console.
 */

/** `area.verb`, lower case: `user.create`, `user.update`, `documents.upload`, `questions.approve`… */
export const auditActionSchema = z
  .string()
  .min(3)
  .max(64)
  .regex(/^[a-z][a-z0-9-]*(\.[a-z0-9-]+)+$/, 'An action is area.verb in lower case');

/** Small, flat details (what changed): strings, numbers, booleans. */
export const auditDetailSchema = z.union([
  z.string().max(1000),
  z.record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()])),
]);
export type AuditDetail = z.infer<typeof auditDetailSchema>;

export const newAdminActionSchema = z.object({
  actorId: z.string().min(1).max(128),
  action: auditActionSchema,
  target: z.string().min(1).max(300).optional(),
  detail: auditDetailSchema.optional(),
  /** The actor's e-mail, shown in the log (handlers have it from requireCaller's profile). */
  actorEmail: z.string().max(320).optional(),
});
export type NewAdminAction = z.infer<typeof newAdminActionSchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  actor_id: z.string(),
  /** The actor's e-mail when the entry was written (the account may since be gone). */
  actor_email: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  detail: auditDetailSchema.nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogResponseSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });
export type AuditLogResponse = z.infer<typeof auditLogResponseSchema>;
