// A local SMTP server that keeps every mail the ERP server sends, with a tiny HTTP view for the specs.
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { MAIL_SINK_HTTP_PORT, MAIL_SINK_SMTP_PORT, type ReceivedMail } from './mail';

function decodeQuotedPrintable(body: string): string {
  const bytes = Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
  return bytes.toString('utf8');
}

/** Splits a raw RFC 5322 message into its (unfolded) headers and its decoded single-part body. */
export function parseMessage(raw: string): { headers: Map<string, string>; text: string } {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, text: text.replace(/\r\n/g, '\n') };
}

/**
 * Starts the SMTP sink and its HTTP view (GET /mails?to=address; GET /mails for all). Resolves
 * with a function that stops both.
 */
export async function startMailSink(smtpPort = MAIL_SINK_SMTP_PORT, httpPort = MAIL_SINK_HTTP_PORT): Promise<() => Promise<void>> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const { headers, text } = parseMessage(Buffer.concat(chunks).toString('utf8'));
        const from = session.envelope.mailFrom;
        mails.push({
          to: session.envelope.rcptTo.map((recipient) => recipient.address.toLowerCase()),
          from: from ? from.address : '',
          subject: headers.get('subject') ?? '',
          text,
          receivedAt: Date.now(),
        });
        callback();
      });
    },
  });
  const http = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method !== 'GET' || url.pathname !== '/mails') {
      response.writeHead(404).end();
      return;
    }
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? mails.filter((mail) => mail.to.includes(to)) : mails;
    response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(found));
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', () => resolve());
  });
  await new Promise<void>((resolve, reject) => {
    http.once('error', reject);
    http.listen(httpPort, '127.0.0.1', () => resolve());
  });
  return async () => {
    await new Promise<void>((resolve) => http.close(() => resolve()));
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  };
}
