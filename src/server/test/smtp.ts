/** A real SMTP server on 127.0.0.1 for tests: collects raw messages. */
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  port: number;
  messages: string[];
  close(): Promise<void>;
}

export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const messages: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        messages.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  return {
    url: `smtp://127.0.0.1:${actual}`,
    port: actual,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Decodes a quoted-printable body part (soft line breaks and =XX escapes). */
export function decodeQuotedPrintable(raw: string): string {
  const bytes = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The reset link of a raw password-recovery message. */
export function resetLinkOf(rawMessage: string): string | undefined {
  return /https?:\/\/\S+\/reset-password\?token=[\w-]+/.exec(decodeQuotedPrintable(rawMessage))?.[0];
}
