import { randomUUID } from 'node:crypto';
import { writeSync } from 'node:fs';
import { hostname } from 'node:os';
import {
  type FastifyBaseLogger,
  type FastifyLoggerOptions,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import {
  type Bindings,
  type ChildLoggerOptions,
  type DestinationStream,
  type LoggerOptions,
  levels,
} from 'pino';
import { prettyFactory } from 'pino-pretty';
import type { Config } from '../config/config';

/** A request that completed without error, at the level RequestLog chose for it. */
export type RequestLevel = 'info' | 'warn';

/**
 * A pino destination that also writes request lines itself (RequestLog): formatting an ordinary
 * request's line here, rather than as a pino record that development then parsed back to make it
 * readable, took the request log from about 10 µs of CPU per trivial request to about 3 (decision 0021).
 */
export interface LogDestination extends DestinationStream {
  request(level: RequestLevel, request: FastifyRequest, status: number, ms: number): void;
}

/**
 * Where the server's log lines go: readable lines in development, one JSON object per line otherwise
 * (for a log shipper), both through a `BatchedWriter`. Tests pass a `stream` to read the JSON lines.
 */
export function logDestination(env: Config['env'], stream?: { write(line: string): void }): LogDestination {
  if (stream) {
    return {
      write: (line: string) => stream.write(line),
      request: (level, request, status, ms) => stream.write(requestRecord(level, request, status, ms)),
    };
  }
  const out = new BatchedWriter(1);
  if (env !== 'development') {
    return {
      write: (line: string) => out.write(line, isErrorRecord(line)),
      request: (level, request, status, ms) => out.write(requestRecord(level, request, status, ms)),
    };
  }
  const colorize = process.stdout.isTTY === true;
  const format = prettyFactory({
    colorize,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId',
    singleLine: true,
  });
  return {
    write: (line: string) => out.write(plainLine(line, colorize) ?? format(line), isErrorRecord(line)),
    request: (level, request, status, ms) =>
      out.write(
        readableLine(
          LEVEL_VALUES[level],
          Date.now(),
          `${request.method} ${redactUrl(request.url)} ${status} ${ms.toFixed(0)} ms`,
          colorize,
        ),
      ),
  };
}

const LEVEL_VALUES: Record<RequestLevel, number> = { info: 30, warn: 40 };
// What pino puts in every record (its default `base`), worked out once.
const BASE = `"pid":${process.pid},"hostname":${JSON.stringify(hostname())}`;

/** The record pino would write for `reply.log[level]({ req, res, responseTime }, 'request completed')`. */
function requestRecord(level: RequestLevel, request: FastifyRequest, status: number, ms: number): string {
  const req = JSON.stringify({
    method: request.method,
    url: redactUrl(request.url),
    remoteAddress: request.ip,
  });
  return `{"level":${LEVEL_VALUES[level]},"time":${Date.now()},${BASE},"reqId":${JSON.stringify(request.id)},"req":${req},"res":{"statusCode":${status}},"responseTime":${ms},"msg":"request completed"}\n`;
}

/** pino writes the level first: `{"level":50,...` is an error, `{"level":60,...` fatal. */
const isErrorRecord = (line: string) => line.startsWith('{"level":5') || line.startsWith('{"level":6');

/**
 * Log lines gathered and written together: at most `maxDelayMs` after the first of them, as soon as
 * `maxBytes` are waiting, at once for an error, and when the process exits. One write per request
 * (a system call each) cost a third of the server's time on a trivial route; a batch costs one.
 *
 * The writes themselves stay synchronous, done here rather than by an asynchronous stream: pino's
 * asynchronous destination flushes at exit in a loop that never ends when the reader of the pipe has
 * gone (sonic-boom retries EPIPE for ever), so the process would never exit. Here a broken pipe drops
 * the batch; a full one (EAGAIN) is waited on briefly, then dropped, rather than blocking the server.
 * A kill -9 loses at most `maxDelayMs` of lines, never an error's.
 */
export class BatchedWriter {
  private pending: string[] = [];
  private bytes = 0;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly fd: number,
    private readonly maxBytes = 16_384,
    private readonly maxDelayMs = 50,
  ) {
    process.on('exit', () => this.flush());
  }

  write(line: string, now = false): void {
    this.pending.push(line);
    this.bytes += line.length;
    if (now || this.bytes >= this.maxBytes) this.flush();
    else if (!this.timer) {
      this.timer = setTimeout(() => this.flush(), this.maxDelayMs);
      this.timer.unref();
    }
  }

  flush(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    if (this.pending.length === 0) return;
    let data = Buffer.from(this.pending.join(''));
    this.pending = [];
    this.bytes = 0;
    for (let waits = 0; data.length > 0; ) {
      try {
        data = data.subarray(writeSync(this.fd, data));
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code !== 'EAGAIN' || ++waits > 100) return;
        Atomics.wait(WAIT, 0, 0, 1);
      }
    }
  }
}

const WAIT = new Int32Array(new SharedArrayBuffer(4));

const LEVEL_NAMES: Record<number, [name: string, colour: string]> = {
  10: ['TRACE', '90'],
  20: ['DEBUG', '34'],
  30: ['INFO', '32'],
  40: ['WARN', '33'],
};
const PLAIN_KEYS = new Set(['level', 'time', 'pid', 'hostname', 'reqId', 'msg']);
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * A record with nothing but a message (every request line), written the way pino-pretty writes it
 * (`[14:03:07] INFO: GET /jobs 200 4 ms`) at a fraction of the cost: pino-pretty took a tenth of the
 * server's time on a trivial route. Anything else (errors with their stacks, objects) returns null
 * and gets pino-pretty's full treatment.
 */
export function plainLine(line: string, colorize: boolean): string | null {
  let record: Record<string, unknown>;
  try {
    record = JSON.parse(line);
  } catch {
    return null;
  }
  const level = LEVEL_NAMES[record.level as number];
  if (!level || typeof record.msg !== 'string') return null;
  for (const key in record) if (!PLAIN_KEYS.has(key)) return null;
  return readableLine(record.level as number, record.time as number, record.msg, colorize);
}

let clockSecond = Number.NaN;
let clockText = '';

/** `14:03:07` in local time: worked out once a second, not for each of the many lines within it. */
function clockOf(time: number): string {
  const second = Math.floor(time / 1000);
  if (second !== clockSecond) {
    const at = new Date(time);
    clockText = `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}`;
    clockSecond = second;
  }
  return clockText;
}

/** `[14:03:07] INFO: message`, as pino-pretty writes a record with nothing but a message. */
function readableLine(levelValue: number, time: number, message: string, colorize: boolean): string {
  const [levelName, colour] = LEVEL_NAMES[levelValue] as [string, string];
  const clock = clockOf(time);
  const name = colorize ? `\u001b[${colour}m${levelName}\u001b[39m` : levelName;
  const msg = colorize ? `\u001b[36m${message}\u001b[39m` : message;
  return `[${clock}] ${name}: ${msg}\n`;
}

/** A stream whose reader has gone answers EPIPE; that must not crash the process (an unhandled 'error'). */
export function ignoreBrokenPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'EPIPE') throw err;
  });
}

// Query parameters whose values must never reach the logs (sign-in links, reset tokens, checkout ids).
const SECRET_PARAMS = /^(token|code|password|secret|session_id|sessionid|key|signature)$/i;

/** Removes secret query values from a logged URL. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q === -1) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) {
    if (SECRET_PARAMS.test(key)) params.set(key, '[REDACTED]');
  }
  return `${url.slice(0, q)}?${params.toString()}`;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,128}$/;

export function loggerOptions(level: string): FastifyLoggerOptions & LoggerOptions {
  return {
    level,
    // Bodies are never logged; these paths cover headers and any object a service logs by mistake.
    redact: {
      paths: [
        'req.headers.cookie',
        'req.headers.authorization',
        'req.headers["x-csrf-token"]',
        'res.headers["set-cookie"]',
        '*.password',
        '*.currentPassword',
        '*.newPassword',
        '*.passwordHash',
        '*.token',
        '*.cardNumber',
        '*.cvc',
        '*.card',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request) {
        return {
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        };
      },
    },
  };
}

/** Keeps a caller's request id when it looks like one (a proxy's), otherwise makes a new one. */
export function genReqId(req: { headers: Record<string, string | string[] | undefined> }): string {
  const incoming = req.headers['x-request-id'];
  if (typeof incoming === 'string' && REQUEST_ID.test(incoming)) return incoming;
  return randomUUID();
}

/** A request slower than this is logged at warn, so it stands out at any level up to warn. */
export const SLOW_REQUEST_MS = 1000;

/**
 * One line per request, written when it completes (Fastify's default writes two: "incoming request"
 * and "request completed", each with its objects serialised; under load that halved throughput).
 * Errors (5xx, or an error while responding) are logged at error and slow requests at warn, so they
 * stay visible with LOG_LEVEL=warn; everything else at info. In development the line is the readable
 * `GET /path 200 3 ms`; otherwise a JSON record for a log shipper.
 */
export class RequestLog extends LogController {
  private readonly threshold: number;

  /** `destination` is null when logging is off (tests); `level` is the server's LOG_LEVEL. */
  constructor(
    private readonly readable: boolean,
    private readonly destination: LogDestination | null,
    level: string,
  ) {
    super();
    // 'silent' is no level of pino's table: nothing is enabled.
    this.threshold = levels.values[level] ?? Number.POSITIVE_INFINITY;
  }

  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    const ms = reply.elapsedTime;
    const status = reply.statusCode;
    // A 503 is the server saying on purpose that it cannot serve now (its database is unreachable, or it
    // is not ready): the cause is logged once per change (db/availability.ts), so each answer is an
    // ordinary line at warn, not an error record per readiness probe and per request.
    const level =
      error || (status >= 500 && status !== 503)
        ? 'error'
        : status === 503 || ms >= SLOW_REQUEST_MS
          ? 'warn'
          : 'info';
    if (level !== 'error') {
      // Every ordinary request: written by the destination itself, the same line pino would write.
      if (this.destination && LEVEL_VALUES[level] >= this.threshold)
        this.destination.request(level, request, status, ms);
      return;
    }
    if (this.readable) {
      reply.log[level](`${request.method} ${redactUrl(request.url)} ${status} ${ms.toFixed(0)} ms`);
    } else {
      reply.log[level](
        { req: request, res: reply, responseTime: ms, ...(error ? { err: error } : {}) },
        'request completed',
      );
    }
  }
}

type LogArgs = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger, made on first use (Fastify's `childLoggerFactory`). Fastify makes a child logger
 * for every request, and with redaction on, pino runs its bindings through the redactor each time: a
 * few per cent of a trivial request, for a logger that most requests never use now that RequestLog
 * writes their line itself.
 */
class LazyChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | null = null;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindingsOfChild: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get real(): FastifyBaseLogger {
    this.made ??= this.parent.child(this.bindingsOfChild, this.options);
    return this.made;
  }
  get level(): string {
    return this.real.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
  fatal(...args: LogArgs): void {
    this.real.fatal(...args);
  }
  error(...args: LogArgs): void {
    this.real.error(...args);
  }
  warn(...args: LogArgs): void {
    this.real.warn(...args);
  }
  info(...args: LogArgs): void {
    this.real.info(...args);
  }
  debug(...args: LogArgs): void {
    this.real.debug(...args);
  }
  trace(...args: LogArgs): void {
    this.real.trace(...args);
  }
  silent(...args: LogArgs): void {
    this.real.silent(...args);
  }
  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real.child(bindings, options);
  }
}

export function lazyChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new LazyChildLogger(logger, bindings, options);
}
