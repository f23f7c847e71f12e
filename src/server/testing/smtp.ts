import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export type ReceivedMail = { to: string[]; raw: string; text: string; subject: string };

/** Decodes the quoted-printable bodies nodemailer writes for Swedish text (soft breaks and =XX bytes). */
function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const joined = input.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const ch = joined[i] as string;
    const hex = joined.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  // Whitespace between two encoded words is folding, not text (RFC 2047 §6.2).
  return value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function parse(raw: string, to: string[]): ReceivedMail {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join('\n\n');
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeHeader(/^subject: (.*)$/im.exec(unfolded)?.[1] ?? '');
  const encoding = /^content-transfer-encoding: (.*)$/im.exec(unfolded)?.[1]?.trim().toLowerCase();
  let text = body;
  if (encoding === 'quoted-printable') text = decodeQuotedPrintable(body);
  else if (encoding === 'base64') text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { to, raw, text, subject };
}

/** A real SMTP server in the test process: the app sends through nodemailer over TCP, tests read what arrived. */
export async function startSmtpServer(): Promise<{ url: string; mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), to));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
