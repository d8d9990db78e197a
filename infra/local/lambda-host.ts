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

/**
 * Loads handlers ahead of use. Ctrl-C reaches every process of the terminal's group, tsx's
 * compiler too, so a handler first imported while the stack drains could not be compiled:
 * whatever may still run after Ctrl-C (event consumers, scheduled jobs) is loaded at start.
 */
export async function preload(entries: Iterable<string>, root: string): Promise<void> {
  await Promise.all([...new Set(entries)].map((entry) => load(entry, root)));
}

export async function invoke(entry: string, functionName: string, event: unknown, root: string): Promise<unknown> {
  const handler = await load(entry, root);
  return handler(event, context(functionName));
}
