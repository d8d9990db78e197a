import { App, Tags, Validations } from 'aws-cdk-lib';
import { landingStatsMode } from '#shared/plans.ts';
import { repoPath } from './constructs/bundling.ts';
import { DEFAULT_AI_MODELS } from './constructs/project-function.ts';
import { AcknowledgedAwsSolutionsChecks } from './nag-suppressions.ts';
import { addPlatform } from './stacks/platform.ts';
import { checkMailFrom, PLACEHOLDER_MAIL_FROM, siteDomain } from './stage-config.ts';

/**
 * `npx cdk synth|deploy [-c stage=prod] [-c mailFrom=no-reply@your-domain] [-c checkoutUrl=https://…] [-c landingStats=floors] [-c alarmEmail=ops@your-domain] [-c webAclArn=arn:aws:wafv2:us-east-1:…] [-c domainName=quiz.your-domain -c certificateArn=arn:aws:acm:us-east-1:…]`.
 * Stacks are environment-agnostic and do no lookups, so synthesis needs no AWS account.
 */
const app = new App();
const stage: string = app.node.tryGetContext('stage') ?? 'dev';
// Must be an SES-verified identity in the target account before e-mails can be sent.
const mailFrom: string = app.node.tryGetContext('mailFrom') ?? PLACEHOLDER_MAIL_FROM;
checkMailFrom(stage, mailFrom);

const checkoutUrl: string | undefined = app.node.tryGetContext('checkoutUrl');
// The landing page shows the real counts; `floors` shows the spec's floors instead (an operator's choice).
const landingStats = landingStatsMode(app.node.tryGetContext('landingStats') as string | undefined);
// The AI layer's Bedrock models (functions/ai); enable access to them in the account's Bedrock console.
const ai = {
  textModelId: (app.node.tryGetContext('bedrockTextModelId') as string | undefined) ?? DEFAULT_AI_MODELS.textModelId,
  embeddingModelId: (app.node.tryGetContext('bedrockEmbeddingModelId') as string | undefined) ?? DEFAULT_AI_MODELS.embeddingModelId,
};
// Where the stage's alarms are mailed (an SNS e-mail subscription, confirmed by the recipient); without it, no subscription.
const alarmEmail = app.node.tryGetContext('alarmEmail') as string | undefined;
// A CloudFront web ACL made in us-east-1, for a stage deployed elsewhere (in us-east-1 the web stack makes its own).
const webAclArn = app.node.tryGetContext('webAclArn') as string | undefined;
// The site's own domain, with its ACM certificate in us-east-1; without them, the CloudFront domain.
const domain = siteDomain(app.node.tryGetContext('domainName') as string | undefined, app.node.tryGetContext('certificateArn') as string | undefined);
addPlatform(app, { stage, mailFrom, checkoutUrl, landingStats, ai, alarmEmail, webAclArn, domain, webDistPath: repoPath('web/dist') });
Tags.of(app).add('project', 'quizquest');
Tags.of(app).add('stage', stage);
// cdk-nag's AwsSolutions checks after synthesis: a finding without a reason in infra/nag-suppressions.ts fails synth and deploy.
Validations.of(app).addPlugins(new AcknowledgedAwsSolutionsChecks());
app.synth();
