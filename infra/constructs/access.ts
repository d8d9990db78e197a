/**
 * What one function may do, and nothing more. Its own module: infra/stacks/function-access.ts
 * holds a table of these, and the bundling code reads that table (which functions use the AI
 * layer), so taking the type from project-function.ts would close a circle.
 */
export interface FunctionAccess {
  /** 'read' for Get/Query; 'readWrite' once it puts, updates or deletes. */
  readonly table?: 'read' | 'readWrite';
  /** Cognito actions that need IAM (Admin*); SignUp, InitiateAuth and RevokeToken are public calls. */
  readonly cognito?: readonly string[];
  /**
   * Calls Cognito as the app client (SignUp, InitiateAuth, RespondToAuthChallenge, RevokeToken),
   * which needs the client's secret: USER_POOL_CLIENT_SECRET. An environment variable resolved by
   * CloudFormation from Secrets Manager, not a GetSecretValue at run time: no call on the sign-in
   * path's cold start, no Secrets Manager client in the bundle, and the value is readable only by
   * those who may read the function's configuration (operators, who can call Admin* anyway).
   */
  readonly clientSecret?: boolean;
  readonly publishEvents?: boolean;
  readonly sendMail?: boolean;
  /** Sends to WebSocket connections (functions/lib/push.ts): execute-api:ManageConnections and WEBSOCKET_CALLBACK_URL. */
  readonly push?: boolean;
  /**
   * Uses the AI layer (functions/ai): Amazon Bedrock's InvokeModel and InvokeModelWithResponseStream
   * (Converse, ConverseStream) on the two configured models only, and AI_PROVIDER=bedrock with their ids.
   */
  readonly ai?: boolean;
  /**
   * Hands a live match's step to its queue (functions/tournaments/send-step.ts): sqs:SendMessage
   * on that one queue and MATCH_STEPS_QUEUE_URL. Reached by name, so no stack exports the queue.
   */
  readonly sendMatchSteps?: boolean;
  /**
   * The knowledge index (functions/ai/scope-index.ts) in its bucket: 'read' for the functions that
   * search the knowledge base (s3:GetObject, and s3:ListBucket so a missing object answers 404,
   * not 403), 'readWrite' for those that build it (s3:PutObject too); KNOWLEDGE_INDEX_BUCKET.
   */
  readonly knowledgeIndex?: 'read' | 'readWrite';
}
