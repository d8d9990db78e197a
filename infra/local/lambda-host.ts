import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import type { Context } from 'aws-lambda';

/** Loads a handler module by its entry path (the same `entry` the CDK stacks bundle) and calls it. */
type Handler = (event: unknown, context: Context) => Promise<unknown>;

const loaded = new Map<string, Promise<Handler>>();

function load(entry: string, root: string): Promise<Handler> {
  let handler = loaded.get(entry);
  if (!handler) {
    handler = import(pathToFileURL(resolve(root, entry)).href).then((module: { handler?: Handler }) => {
      if (typeof module.handler !== 'function') throw new Error(`${entry} exports no handler`);
      return module.handler;
    });
    loaded.set(entry, handler);
  }
  return handler;
}

function context(functionName: string): Context {
  const started = Date.now();
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '512',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, 29_000 - (Date.now() - started)),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export async function invoke(entry: string, functionName: string, event: unknown, root: string): Promise<unknown> {
  const handler = await load(entry, root);
  return handler(event, context(functionName));
}
