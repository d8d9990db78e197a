/**
 * Rules on a stage's context (`-c stage=… -c mailFrom=…`) that `cdk synth` checks before
 * building anything, kept out of infra/app.ts (which synthesises at import) so tests can call them.
 */

/** cdk.json's default sender: fine for `dev`, which nobody mails from. */
export const PLACEHOLDER_MAIL_FROM = 'no-reply@example.com';

/**
 * Refuses a non-dev stage whose sender is the placeholder: SES would refuse every mail
 * (example.com cannot be verified), and sign-up confirmations, resets and invitations would
 * land in the dead-letter queue after a deploy that looked fine.
 */
export function checkMailFrom(stage: string, mailFrom: string): void {
  if (stage === 'dev') return;
  if (mailFrom.trim().toLowerCase() === PLACEHOLDER_MAIL_FROM) {
    throw new Error(
      `Stage "${stage}" would send mail as the placeholder ${PLACEHOLDER_MAIL_FROM}. ` +
        `Pass the stage's SES-verified sender: npx cdk deploy --all -c stage=${stage} -c mailFrom=no-reply@your-domain (docs/runbook.md).`,
    );
  }
}
