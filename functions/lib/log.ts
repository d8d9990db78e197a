import { Logger } from '@aws-lambda-powertools/logger';
import { currentInvocation, type Invocation } from './invocation.ts';

/**
 * Structured JSON logs, one line each, as CloudWatch Logs Insights reads them: Powertools'
 * logger (level, message, timestamp, service, xray_trace_id) plus the running invocation's
 * context on every line (functions/lib/invocation.ts). The context is added per line, not with
 * `appendKeys`/`addContext`, because those keys live on the one logger of the module and the
 * local runtime runs many invocations at once in one process.
 */
type Fields = Record<string, unknown>;
type Level = 'info' | 'warn' | 'error';

/** The keys every line carries inside an invocation (Powertools' own names for the Lambda ones). */
export function contextFields(invocation: Invocation | undefined): Fields {
  if (!invocation) return {};
  return {
    function_name: invocation.functionName,
    function_request_id: invocation.requestId,
    cold_start: invocation.coldStart,
    correlation_id: invocation.correlationId,
    ...(invocation.userId ? { user_id: invocation.userId } : {}),
  };
}

const LEVELS = new Set(['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT']);

/** LOG_LEVEL as Powertools spells it (tests and benches set `silent`); anything else is INFO. */
function levelFromEnv(): 'TRACE' | 'DEBUG' | 'INFO' | 'WARN' | 'ERROR' | 'CRITICAL' | 'SILENT' {
  const wanted = (process.env.LOG_LEVEL ?? '').toUpperCase();
  return LEVELS.has(wanted) ? (wanted as ReturnType<typeof levelFromEnv>) : 'INFO';
}

let logger: Logger | undefined;
let level: string | undefined;

/** Created on first use, and the level read again on each line: tests change LOG_LEVEL after import. */
function powertools(): Logger {
  const wanted = levelFromEnv();
  if (!logger) {
    logger = new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'quizquest', logLevel: wanted });
    level = wanted;
  } else if (level !== wanted) {
    logger.setLogLevel(wanted);
    level = wanted;
  }
  return logger;
}

/** Keys Powertools keeps for itself and would drop (with a warning line each): a field of that name is renamed instead. */
const RESERVED = new Set(['level', 'message', 'timestamp', 'service', 'sampling_rate']);

function renamed(fields: Fields | undefined): Fields | undefined {
  if (!fields || !Object.keys(fields).some((key) => RESERVED.has(key))) return fields;
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [RESERVED.has(key) ? `detail_${key}` : key, value]));
}

function write(lvl: Level | 'debug', message: string, fields?: Fields): void {
  // Silent costs nothing: no logger is even created (tests, benches).
  if (levelFromEnv() === 'SILENT') return;
  powertools()[lvl](message, { ...contextFields(currentInvocation()), ...renamed(fields) });
}

export const log = {
  /** Off unless LOG_LEVEL is debug: the wrappers' per-invocation lines. */
  debug: (message: string, fields?: Fields) => write('debug', message, fields),
  info: (message: string, fields?: Fields) => write('info', message, fields),
  warn: (message: string, fields?: Fields) => write('warn', message, fields),
  error: (message: string, fields?: Fields) => write('error', message, fields),
};
