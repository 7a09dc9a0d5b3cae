// The test side of the mail sink: where it listens and how a spec reads the mails it received.
import { expect } from '@playwright/test';

/** SMTP port the server delivers to, and the HTTP port the specs read received mails from. */
export const MAIL_SINK_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2525);
export const MAIL_SINK_HTTP_PORT = Number(process.env.E2E_MAIL_HTTP_PORT ?? 2526);
export const MAIL_SINK_URL = `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}`;

export type ReceivedMail = {
  /** Envelope recipients, lower case. */
  to: string[];
  from: string;
  subject: string;
  /** The decoded text body. */
  text: string;
  /** Milliseconds since the epoch, when the sink had the whole message. */
  receivedAt: number;
};

/** Every mail the sink received for an address (oldest first). */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${MAIL_SINK_URL}/mails?to=${encodeURIComponent(address)}`);
  if (!response.ok) throw new Error(`mail sink answered ${response.status}`);
  return (await response.json()) as ReceivedMail[];
}

/** Waits for a mail to the address received after `since` and returns the 6-digit code in it. */
export async function oneTimeCodeFor(address: string, since: number): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const fresh = (await mailsTo(address)).filter((mail) => mail.receivedAt >= since);
        code = fresh.at(-1)?.text.match(/one-time code is (\d{6})/)?.[1];
        return code;
      },
      { message: `a mail with a one-time code for ${address}`, timeout: 15_000 },
    )
    .toMatch(/^\d{6}$/);
  return code!;
}
