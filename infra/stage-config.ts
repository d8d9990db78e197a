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

/** The site's own domain (context `domainName` and `certificateArn`); without both, the CloudFront domain. */
export interface SiteDomain {
  /** `quiz.example.org`: a CNAME (or alias record) to the distribution, made by the operator. */
  readonly name: string;
  /** An ACM certificate for the name, in us-east-1 (the only region CloudFront takes certificates from). */
  readonly certificateArn: string;
}

/**
 * Reads the optional custom domain: both keys or neither, a plain host name, and a certificate
 * from us-east-1. A mistake stops synthesis with the fix instead of a failed CloudFront update.
 */
export function siteDomain(domainName: string | undefined, certificateArn: string | undefined): SiteDomain | undefined {
  if (!domainName && !certificateArn) return undefined;
  if (!domainName || !certificateArn) {
    throw new Error('A custom domain needs both -c domainName=quiz.your-domain and -c certificateArn=arn:aws:acm:us-east-1:… (docs/runbook.md).');
  }
  const name = domainName.trim().toLowerCase();
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(name)) {
    throw new Error(`domainName "${domainName}" is not a host name (for example quiz.your-domain.org, no scheme or path).`);
  }
  if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn.trim())) {
    throw new Error(`certificateArn must be an ACM certificate in us-east-1 (CloudFront takes no other region): got "${certificateArn}".`);
  }
  return { name, certificateArn: certificateArn.trim() };
}
