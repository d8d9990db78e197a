import { ArnFormat, CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { AccountRecovery, CfnUserPoolGroup, UserPool, UserPoolClient, type CfnUserPool } from 'aws-cdk-lib/aws-cognito';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
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

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, props);
    const { names } = props;

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: true },
      selfSignUpEnabled: true,
      autoVerify: { email: false },
      standardAttributes: { email: { required: true, mutable: true } },
      // The product's rule is "at least 6 characters", nothing more.
      passwordPolicy: { minLength: 6, requireLowercase: false, requireUppercase: false, requireDigits: false, requireSymbols: false },
      accountRecovery: AccountRecovery.NONE,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.userPoolClient = this.userPool.addClient('WebClient', {
      authFlows: { userPassword: true },
      generateSecret: false,
      enableTokenRevocation: true,
      // The refresh cookie's Max-Age matches, so the browser drops the cookie when the token dies.
      refreshTokenValidity: Duration.days(REFRESH_TOKEN_DAYS),
      preventUserExistenceErrors: true,
      // Sign-in goes through our API (USER_PASSWORD_AUTH), not the hosted UI.
      disableOAuth: true,
    });
    for (const role of ROLES) {
      new CfnUserPoolGroup(this, `Group-${role}`, { userPoolId: this.userPool.userPoolId, groupName: role });
    }

    const trigger = new ProjectFunction(this, COGNITO_TRIGGERS.PostConfirmation.name, {
      entry: COGNITO_TRIGGERS.PostConfirmation.entry,
      functionName: names.postConfirmationFunction,
      access: triggerAccess(COGNITO_TRIGGERS.PostConfirmation.name),
      resources: {
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
