import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SmsGatewayConfig } from './gateway-sms';
import { NETGSM_SEND_PATH } from './gateway-sms';

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
  jobId: string;
};

/**
 * How the fake gateway answers the next requests: accept (code '00' and a job id), refuse with a
 * NetGSM code (with the HTTP status NetGSM would use, 406 unless given), fail with a 500 that is not
 * JSON, or keep the request open without answering (a gateway that hangs).
 */
export type GatewayBehaviour =
  | { kind: 'accept' }
  | { kind: 'refuse'; code: string; status?: number }
  | { kind: 'broken' }
  | { kind: 'hang' };

const DESCRIPTIONS: Record<string, string> = {
  '20': 'Mesaj metninde problem var veya karakter sınırı aşıldı',
  '30': 'Geçersiz kullanıcı adı, şifre veya API erişim izni yok; IP kısıtı olabilir',
  '40': 'Mesaj başlığı sistemde tanımlı değil',
  '50': 'Abone hesabıyla İYS kontrollü gönderim yapılamaz',
  '51': 'Aboneliğe ait İYS marka bilgisi bulunamadı',
  '70': 'Hatalı sorgulama: parametrelerden biri hatalı veya eksik',
  '80': 'Gönderim sınır aşımı',
  '85': 'Mükerrer gönderim sınır aşımı',
};

const TEST_CREDENTIALS = { user: '8508501234', password: 'gizli-şifre:1', sender: 'AVLU AVM' };

/**
 * A local HTTP server on 127.0.0.1 and a free port that speaks NetGSM's REST v2 send call as the
 * gateway driver uses it: POST {url}/sms/rest/v2/send, HTTP Basic authentication, a JSON body
 * `{ msgheader, encoding, iysfilter, messages: [{ msg, no }] }`, answered `{ code: '00', jobid }`.
 * Wrong credentials answer code '30', an unknown sender '40', a malformed body '70'. Tests (the
 * driver's, the micro-site's, the browser journey's) point SMS_GATEWAY_URL at `url` and read what
 * was sent from `received`, or the latest code sent to a phone with `lastTextTo`.
 */
export const startTestSmsGateway = async (
  options: { user?: string; password?: string; sender?: string; behaviour?: GatewayBehaviour } = {},
) => {
  const credentials = {
    user: options.user ?? TEST_CREDENTIALS.user,
    password: options.password ?? TEST_CREDENTIALS.password,
    sender: options.sender ?? TEST_CREDENTIALS.sender,
  };
  let behaviour: GatewayBehaviour = options.behaviour ?? { kind: 'accept' };
  const received: GatewaySms[] = [];
  /** Every request that reached the server, answered or not. */
  let requests = 0;
  let jobs = 0;

  const answer = (response: ServerResponse, status: number, body: Record<string, string>) => {
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
    if (behaviour.kind === 'hang') return;
    if (behaviour.kind === 'broken') {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end('<html><body>Internal Server Error</body></html>');
      return;
    }
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
    const { msgheader, encoding, iysfilter, messages } = (parsed ?? {}) as Record<string, unknown>;
    const message = Array.isArray(messages) && messages.length === 1 ? messages[0] : undefined;
    const { msg, no } = (message ?? {}) as Record<string, unknown>;
    if (typeof msg !== 'string' || msg === '' || typeof no !== 'string' || !/^\d{10,15}$/.test(no))
      return refuse(response, '70');
    if (msgheader !== credentials.sender) return refuse(response, '40');
    if (behaviour.kind === 'refuse') return refuse(response, behaviour.code, behaviour.status);
    const jobId = String(17_000_000 + ++jobs);
    received.push({ no, to: `+${no}`, text: msg, header: msgheader, encoding, iysfilter, jobId });
    answer(response, 200, { code: '00', jobid: jobId, description: 'queued' });
  };

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
    /** How many requests reached the server. */
    requests: () => requests,
    /** The gateway settings that this server accepts (config.sms.gateway). */
    config: { url, ...credentials } satisfies SmsGatewayConfig,
    /** Changes how the following requests are answered. */
    behave: (next: GatewayBehaviour) => {
      behaviour = next;
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
