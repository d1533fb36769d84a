import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; raw: string };

/**
 * A real SMTP server on 127.0.0.1 and a free port for tests: it receives what the SMTP driver sends,
 * or refuses every recipient when `refuse` is set (a mail server that says no), or the recipients
 * `refuseRecipient` gives a reply code for (550 mailbox unavailable, 452 try later…). It counts the
 * connections it was opened, and the most open at once (to see a pool at work).
 */
export const startTestSmtpServer = async (
  options: { refuse?: boolean; refuseRecipient?: (address: string) => number | undefined } = {},
) => {
  const received: ReceivedMail[] = [];
  let connections = 0;
  let open = 0;
  let mostOpen = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      open += 1;
      mostOpen = Math.max(mostOpen, open);
      callback();
    },
    onClose() {
      open -= 1;
    },
    onRcptTo(address, _session, callback) {
      const code = options.refuse ? 550 : options.refuseRecipient?.(address.address);
      callback(
        code === undefined
          ? undefined
          : Object.assign(new Error(code >= 500 ? 'mailbox unavailable' : 'try again later'), {
              responseCode: code,
            }),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    /** Connections opened so far, and the most that were open at once. */
    connections: () => connections,
    mostOpen: () => mostOpen,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
};

const decodeQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The text/plain and text/html parts of a raw multipart/alternative message, decoded. */
export const partsOf = (raw: string): { headers: string; text: string; html: string } => {
  const [headers = '', body = ''] = raw
    .split(/\r?\n\r?\n/, 1)
    .concat(raw.slice(raw.search(/\r?\n\r?\n/) + 4));
  const boundary = /boundary="?([^";\r\n]+)"?/.exec(headers)?.[1];
  if (!boundary) throw new Error('not a multipart message');
  const parts = body.split(`--${boundary}`).slice(1, -1);
  const decoded = parts.map((part) => {
    const split = part.search(/\r?\n\r?\n/);
    const partHeaders = part.slice(0, split);
    const content = part.slice(split).trim();
    const encoding = /content-transfer-encoding:\s*(\S+)/i.exec(partHeaders)?.[1]?.toLowerCase();
    const value =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(content)
        : encoding === 'base64'
          ? Buffer.from(content, 'base64').toString('utf8')
          : content;
    return { type: /content-type:\s*([^;\r\n]+)/i.exec(partHeaders)?.[1]?.trim(), value };
  });
  return {
    headers,
    text: decoded.find((part) => part.type === 'text/plain')?.value ?? '',
    html: decoded.find((part) => part.type === 'text/html')?.value ?? '',
  };
};
