/**
 * Admins of the e2e stack, one per test file that needs one: sign-in is limited to 5 a
 * 5-minute window per e-mail, and the demo admin shared by files running side by side
 * could meet that limit. Seeded by tests/setup/e2e-stack.ts.
 */
export const E2E_ADMIN_FILES = ['admin-console', 'admin-demotion', 'admin-documents', 'ai-generation', 'live-match', 'form-errors', 'study-guides', 'phone-width', 'two-step-sign-in'] as const;
const PASSWORD = 'Admin#2026';

export const e2eAdmin = (file: (typeof E2E_ADMIN_FILES)[number]) => ({ email: `${file}@admins.quizquest.local`, password: PASSWORD });
export const e2eAdminAccounts = () => E2E_ADMIN_FILES.map((file) => ({ role: 'admin' as const, ...e2eAdmin(file) }));
