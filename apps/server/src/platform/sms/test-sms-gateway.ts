import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { smsLength } from '@avlu/contracts/marketing/sms-parts';
import type { SmsGatewayConfig } from './gateway-sms';
import { NETGSM_BALANCE_PATH, NETGSM_REPORT_PATH, NETGSM_SEND_PATH, netgsmDate } from './gateway-sms';

/** One message the fake gateway accepted. */
export type GatewaySms = {
  /** The number as the gateway got it: E.164 without '+' (905321234567). */
  no: string;
  /** The same number in E.164, as customers' phones are stored (+905321234567). */
  to: string;
  text: string;
  /** The sender name (msgheader). */
  header: string;
  encoding: unknown;
  iysfilter: unknown;
  /** NetGSM's optional application name, when the call had one. */
  appname?: unknown;
  jobId: string;
};

/**
 * How the fake gateway answers the next requests: accept (code '00' and a job id), refuse with a
 * NetGSM code (with the HTTP status NetGSM would use, 406 unless given), fail with a 500 that is not
 * JSON, keep the request open without answering (a gateway that hangs), answer an HTTP status of a
 * proxy or rate limiter in front of it (429, 503, with a Retry-After), or take the messages and then
 * never answer (the in-doubt case: sent, but the sender cannot know).
 */
export type GatewayBehaviour =
  | { kind: 'accept' }
  | { kind: 'refuse'; code: string; status?: number }
  | { kind: 'broken' }
  | { kind: 'hang' }
  | { kind: 'status'; status: number; retryAfter?: string }
  | { kind: 'take-and-hang' };

/**
 * What the fake's delivery report says of a number: NetGSM's status (0 waiting, 1 delivered, 2
 * expired, 3 invalid number, 4 not sent, 11 refused, 12 delivery error, 13 duplicate, 14 no credit,
 * 15 blacklisted, 16 refused by İYS, 17 İYS error) and its error code.
 */
export type GatewayDelivery = { status: number; errorCode?: number };

const DESCRIPTIONS: Record<string, string> = {
  '20': 'Mesaj metninde problem var veya karakter sınırı aşıldı',
  '30': 'Geçersiz kullanıcı adı, şifre veya API erişim izni yok; IP kısıtı olabilir',
  '40': 'Mesaj başlığı sistemde tanımlı değil',
  '50': 'Abone hesabıyla İYS kontrollü gönderim yapılamaz',
  '51': 'Aboneliğe ait İYS marka bilgisi bulunamadı',
  '70': 'Hatalı sorgulama: parametrelerden biri hatalı veya eksik',
  '80': 'Gönderim sınır aşımı',
  '85': 'Mükerrer gönderim sınır aşımı',
  '60': 'Aradığınız kriterlere uygun kayıt bulunamadı',
};

/** NetGSM's report dates: dd.MM.yyyy HH:mm:ss (Turkey's time). */
const REPORT_DATE = /^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}:\d{2}$/;

const TEST_CREDENTIALS = { user: '8508501234', password: 'gizli-şifre:1', sender: 'AVLU AVM' };

/**
 * A local HTTP server on 127.0.0.1 and a free port that speaks NetGSM's REST v2 send call as the
 * gateway driver uses it: POST {url}/sms/rest/v2/send, HTTP Basic authentication, a JSON body
 * `{ msgheader, encoding, iysfilter, messages: [{ msg, no }, …] }` (one message or a batch, one job
 * id for all), answered `{ code: '00', jobid }`. Wrong credentials answer code '30', an unknown
 * sender '40', a malformed body or an unknown `iysfilter` '70'. Tests (the drivers', the
 * micro-site's, the browser journey's) point SMS_GATEWAY_URL at `url` and read what was sent from
 * `received`, or the latest code sent to a phone with `lastTextTo`.
 *
 * It also answers the delivery report: POST {url}/sms/rest/v2/report with
 * `{ jobids: [...], startdate, stopdate, pagenumber?, pagesize? }` (dates dd.MM.yyyy HH:mm:ss,
 * pages from 0, at most 100 rows), answered `{ code: '00', jobs: [{ jobid, number, status,
 * operator, msglen, deliveredDate, errorCode }] }`, or code '60' when no job matches. What it says
 * of each number comes from `deliver` (delivered unless a test says otherwise).
 *
 * And the credit query: POST {url}/balance with `{ usercode, password, stip: 2 }`, answered
 * `{ code: '00', balance: '<credit in TL>' }` (`setCredit`), or code '30' for wrong credentials.
 */
export const startTestSmsGateway = async (
  options: {
    user?: string;
    password?: string;
    sender?: string;
    behaviour?: GatewayBehaviour;
    deliver?: (no: string) => GatewayDelivery;
    /**
     * 'messages' (the default) keeps every message in `received`; 'counts' keeps only how many
     * each number got (`timesSentTo`, `sentCount`) and what the report needs, for a run of a
     * million messages (a benchmark) in little memory.
     */
    keep?: 'messages' | 'counts';
  } = {},
) => {
  const credentials = {
    user: options.user ?? TEST_CREDENTIALS.user,
    password: options.password ?? TEST_CREDENTIALS.password,
    sender: options.sender ?? TEST_CREDENTIALS.sender,
  };
  let behaviour: GatewayBehaviour = options.behaviour ?? { kind: 'accept' };
  /** Behaviours for the next requests, one each, before `behaviour` again. */
  const upcoming: GatewayBehaviour[] = [];
  let deliver: (no: string) => GatewayDelivery = options.deliver ?? (() => ({ status: 1 }));
  const received: GatewaySms[] = [];
  /** The size of each send call the gateway took, in order. */
  const batches: number[] = [];
  /** The messages of each job, for the report. */
  const jobMessages = new Map<string, { numbers: string[]; parts: number[]; at: Date }>();
  const keepMessages = (options.keep ?? 'messages') === 'messages';
  /** How many messages each number got, and in all. */
  const perNumber = new Map<string, number>();
  let sentCount = 0;
  /** The bodies of the report calls, as sent. */
  const reportRequests: unknown[] = [];
  /** Every request that reached the server, answered or not. */
  let requests = 0;
  let jobs = 0;

  const answer = (response: ServerResponse, status: number, body: Record<string, unknown>) => {
    response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    response.end(JSON.stringify(body));
  };
  const refuse = (response: ServerResponse, code: string, status = 406) =>
    answer(response, status, { code, description: DESCRIPTIONS[code] ?? 'Hata' });

  const readBody = (request: IncomingMessage) =>
    new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
      request.on('error', reject);
    });

  const userOf = (header: string | undefined) => {
    const encoded = /^Basic ([A-Za-z0-9+/=]+)$/.exec(header ?? '')?.[1];
    if (!encoded) return undefined;
    const decoded = Buffer.from(encoded, 'base64').toString('utf8');
    const split = decoded.indexOf(':');
    return split < 0 ? undefined : { user: decoded.slice(0, split), password: decoded.slice(split + 1) };
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    requests += 1;
    const body = await readBody(request);
    const behaviour = upcoming.shift() ?? current();
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'broken') {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end('<html><body>Internal Server Error</body></html>');
      return;
    }
    if (behaviour.kind === 'status') {
      response.writeHead(behaviour.status, {
        'content-type': 'text/plain',
        ...(behaviour.retryAfter !== undefined && { 'retry-after': behaviour.retryAfter }),
      });
      response.end(`HTTP ${behaviour.status}`);
      return;
    }
    if (request.method === 'POST' && request.url === NETGSM_REPORT_PATH)
      return report(request, response, body, behaviour);
    if (request.method === 'POST' && request.url === NETGSM_BALANCE_PATH)
      return balance(response, body, behaviour);
    if (request.method !== 'POST' || request.url !== NETGSM_SEND_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' });
      response.end('Not Found');
      return;
    }
    const login = userOf(request.headers.authorization);
    if (login?.user !== credentials.user || login.password !== credentials.password)
      return refuse(response, '30');
    if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) return refuse(response, '70');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return refuse(response, '70');
    }
    const { msgheader, encoding, iysfilter, appname, messages } = (parsed ?? {}) as Record<string, unknown>;
    if (!Array.isArray(messages) || messages.length === 0) return refuse(response, '70');
    const batch: { msg: string; no: string }[] = [];
    for (const message of messages) {
      const { msg, no } = (message ?? {}) as Record<string, unknown>;
      if (typeof msg !== 'string' || msg === '' || typeof no !== 'string' || !/^\d{10,15}$/.test(no))
        return refuse(response, '70');
      batch.push({ msg, no });
    }
    if (iysfilter !== undefined && !['', '0', '11', '12'].includes(iysfilter as string))
      return refuse(response, '70');
    if (msgheader !== credentials.sender) return refuse(response, '40');
    if (behaviour.kind === 'refuse') return refuse(response, behaviour.code, behaviour.status);
    const jobId = String(17_000_000 + ++jobs);
    const at = new Date();
    for (const { msg, no } of batch) {
      if (keepMessages)
        received.push({
          no,
          to: `+${no}`,
          text: msg,
          header: msgheader,
          encoding,
          iysfilter,
          ...(appname !== undefined && { appname }),
          jobId,
        });
      perNumber.set(no, (perNumber.get(no) ?? 0) + 1);
    }
    sentCount += batch.length;
    batches.push(batch.length);
    jobMessages.set(jobId, {
      numbers: batch.map(({ no }) => no),
      parts: batch.map(({ msg }) => smsLength(msg).parts),
      at,
    });
    if (behaviour.kind === 'take-and-hang') return;
    answer(response, 200, { code: '00', jobid: jobId, description: 'queued' });
  };

  let credit = '1250.50';
  const balance = (response: ServerResponse, body: string, behaviour: GatewayBehaviour) => {
    let parsed: Record<string, unknown> = {};
    try {
      parsed = (JSON.parse(body) ?? {}) as Record<string, unknown>;
    } catch {
      return refuse(response, '70');
    }
    if (parsed.usercode !== credentials.user || parsed.password !== credentials.password)
      return refuse(response, '30');
    if (parsed.stip !== 2 && parsed.stip !== '2') return refuse(response, '70');
    if (behaviour.kind === 'refuse') return refuse(response, behaviour.code, behaviour.status);
    answer(response, 200, { code: '00', balance: credit });
  };

  const report = (
    request: IncomingMessage,
    response: ServerResponse,
    body: string,
    behaviour: GatewayBehaviour,
  ) => {
    const login = userOf(request.headers.authorization);
    if (login?.user !== credentials.user || login.password !== credentials.password)
      return refuse(response, '30');
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return refuse(response, '70');
    }
    reportRequests.push(parsed);
    const {
      jobids,
      startdate,
      stopdate,
      pagenumber = 0,
      pagesize = 100,
    } = (parsed ?? {}) as Record<string, unknown>;
    if (
      !Array.isArray(jobids) ||
      jobids.length === 0 ||
      !jobids.every((id) => typeof id === 'string' && /^\d+$/.test(id)) ||
      typeof startdate !== 'string' ||
      !REPORT_DATE.test(startdate) ||
      typeof stopdate !== 'string' ||
      !REPORT_DATE.test(stopdate) ||
      !Number.isInteger(pagenumber) ||
      (pagenumber as number) < 0 ||
      !Number.isInteger(pagesize) ||
      (pagesize as number) < 1 ||
      (pagesize as number) > 100
    )
      return refuse(response, '70');
    if (behaviour.kind === 'refuse') return refuse(response, behaviour.code, behaviour.status);
    const rows = (jobids as string[]).flatMap((jobid) => {
      const job = jobMessages.get(jobid);
      if (!job) return [];
      return job.numbers.map((no, index) => {
        const delivery = deliver(no);
        return {
          jobid,
          number: no,
          status: delivery.status,
          operator: 30,
          msglen: job.parts[index],
          deliveredDate: delivery.status === 1 ? netgsmDate(job.at) : '',
          errorCode: delivery.errorCode ?? 0,
        };
      });
    });
    const size = pagesize as number;
    const page = rows.slice((pagenumber as number) * size, ((pagenumber as number) + 1) * size);
    if (page.length === 0) return refuse(response, '60', 200);
    answer(response, 200, { code: '00', description: 'success', jobs: page });
  };

  const current = () => behaviour;

  const server = createServer((request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(500);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    received,
    /** The number of messages in each send call the gateway took, in order. */
    batches,
    /** How many messages the gateway took in all. */
    sentCount: () => sentCount,
    /** How many messages a number (E.164) got: more than 1 for a message sent twice. */
    timesSentTo: (to: string) => perNumber.get(to.replace(/^\+/, '')) ?? 0,
    /** The numbers that got more than one message, with how many. */
    sentMoreThanOnce: () =>
      [...perNumber].filter(([, count]) => count > 1).map(([no, count]) => ({ to: `+${no}`, count })),
    /** The bodies of the report calls. */
    reportRequests,
    /** How many requests reached the server. */
    requests: () => requests,
    /** The gateway settings that this server accepts (config.sms.gateway). */
    config: { url, ...credentials } satisfies SmsGatewayConfig,
    /** Changes how the following requests are answered. */
    behave: (next: GatewayBehaviour) => {
      behaviour = next;
      upcoming.length = 0;
    },
    /** Answers the next requests so, one each, then as before. */
    behaveNext: (...next: GatewayBehaviour[]) => {
      upcoming.push(...next);
    },
    /** The credit the balance query answers (TL, as NetGSM writes it). */
    setCredit: (next: string) => {
      credit = next;
    },
    /** What the delivery report says of each number from now on. */
    setDelivery: (next: (no: string) => GatewayDelivery) => {
      deliver = next;
    },
    /** The text of the latest message to a phone (E.164), e.g. to read a sign-in code. */
    lastTextTo: (to: string) => received.findLast((sms) => sms.to === to)?.text,
    close: () =>
      new Promise<void>((resolve) => {
        // Hanging requests would keep close() waiting for ever.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

export type TestSmsGateway = Awaited<ReturnType<typeof startTestSmsGateway>>;
