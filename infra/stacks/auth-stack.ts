import { ArnFormat, CfnOutput, Duration, RemovalPolicy, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import { AccountRecovery, CfnUserPoolGroup, Mfa, UserPool, UserPoolClient, type CfnUserPool, type CfnUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';
import { ROLES } from '#shared/constants.ts';
import { REFRESH_TOKEN_DAYS } from '#functions/lib/refresh-cookie.ts';
import { COGNITO_TRIGGERS } from '#functions/routes.ts';
import { ProjectFunction } from '../constructs/project-function.ts';
import { triggerAccess } from './function-access.ts';
import type { PlatformNames } from './names.ts';

export interface AuthStackProps extends StackProps {
  readonly names: PlatformNames;
  readonly table: ITable;
  readonly mailFrom: string;
}

/**
 * The Cognito user pool. Our API sends the confirmation and reset e-mails itself and
 * confirms with AdminConfirmSignUp, so Cognito verifies nothing and recovers nothing.
 */
export class AuthStack extends Stack {
  readonly userPool: UserPool;
  readonly userPoolClient: UserPoolClient;
  /** The app client's secret, for the functions that call Cognito as the client (access flag `clientSecret`). */
  readonly userPoolClientSecret: Secret;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { names } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      selfSignUpEnabled: true,
      autoVerify: { email: false },
      standardAttributes: { email: { required: true, mutable: true } },
      // The product's rule for students is "at least 6 characters", nothing more. Cognito has one
      // policy per pool, so the stronger staff rule (shared/validation/password-rules.ts) is the API's.
      passwordPolicy: { minLength: 6, requireLowercase: false, requireUppercase: false, requireDigits: false, requireSymbols: false },
      accountRecovery: AccountRecovery.NONE,
      // An authenticator app for anyone who wants it; the API requires it of admins (Cognito cannot per group).
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      // Accounts outlive a stack deletion, and a console click cannot delete them either.
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.userPoolClient = this.userPool.addClient('WebClient', {
      authFlows: { userPassword: true },
      // Only the API knows the secret (SECRET_HASH), so the client id that every token carries
      // does not let anyone call SignUp or InitiateAuth around the API's limits.
      generateSecret: true,
      enableTokenRevocation: true,
      // The refresh cookie's Max-Age matches, so the browser drops the cookie when the token dies.
      refreshTokenValidity: Duration.days(REFRESH_TOKEN_DAYS),
      preventUserExistenceErrors: true,
      // Sign-in goes through our API (USER_PASSWORD_AUTH), not the hosted UI.
      disableOAuth: true,
    });
    // CloudFormation reads the secret from the client (GetAtt ClientSecret) into Secrets Manager, so
    // templates and cross-stack exports carry only the secret's ARN; the functions' environment gets
    // the value by a dynamic reference at deploy time (see ProjectFunction, access flag clientSecret).
    this.userPoolClientSecret = new Secret(this, 'WebClientSecret', {
      description: 'The user pool app client secret: SECRET_HASH on the API\'s SignUp, InitiateAuth, RespondToAuthChallenge, RevokeToken',
      secretStringValue: SecretValue.resourceAttribute((this.userPoolClient.node.defaultChild as CfnUserPoolClient).attrClientSecret),
      removalPolicy: RemovalPolicy.DESTROY,
    });
    for (const role of ROLES) {
      new CfnUserPoolGroup(this, `Group-${role}`, { userPoolId: this.userPool.userPoolId, groupName: role });
    }

    const trigger = new ProjectFunction(this, COGNITO_TRIGGERS.PostConfirmation.name, {
      entry: COGNITO_TRIGGERS.PostConfirmation.entry,
      functionName: names.postConfirmationFunction,
      access: triggerAccess(COGNITO_TRIGGERS.PostConfirmation.name),
      resources: {
        stage: names.stage,
        table: props.table,
        userPoolId: this.userPool.userPoolId,
        userPoolClientId: this.userPoolClient.userPoolClientId,
        eventBusName: names.eventBus,
        mailFrom: props.mailFrom,
      },
    });
    // The trigger reads the pool's id, so the pool must not reference the function: it names
    // the trigger by an ARN built from the fixed function name (userPool.addTrigger would
    // reference the function and close a dependency cycle).
    const triggerArn = this.formatArn({
      service: 'lambda',
      resource: 'function',
      resourceName: names.postConfirmationFunction,
      arnFormat: ArnFormat.COLON_RESOURCE_NAME,
    });
    (this.userPool.node.defaultChild as CfnUserPool).addPropertyOverride('LambdaConfig.PostConfirmation', triggerArn);
    trigger.addPermission('InvokedByUserPool', {
      principal: new ServicePrincipal('cognito-idp.amazonaws.com'),
      sourceArn: this.userPool.userPoolArn,
    });

    new CfnOutput(this, 'UserPoolId', { value: this.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.userPoolClient.userPoolClientId });
  }
}
