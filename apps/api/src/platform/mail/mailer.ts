import { and, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { withTenant } from '../db/tenancy';
import { mailAttachments, mailOutbox } from './mail.tables';

/** A file a mail carries; at most MAIL_ATTACHMENT_BYTES_MAX bytes in all. */
export type MailAttachment = { fileName: string; contentType: string; content: Buffer };
export type OutgoingMail = { to: string; subject: string; body: string; attachments?: MailAttachment[] };

/** The most a mail's attachments may weigh together (what common mail servers take, with room for encoding). */
export const MAIL_ATTACHMENT_BYTES_MAX = 10 * 1024 * 1024;

/**
 * Mail goes into the tenant's outbox inside the caller's transaction, then is delivered after
 * commit through SMTP when one is configured. With none, it stays in the outbox (status Outbox)
 * and the log, so the one-time-code flow works on a fresh install.
 */
export class Mailer {
  private readonly transport?: Transporter;

  constructor(
    smtpUrl: string | undefined,
    private readonly from: string,
    private readonly log: FastifyBaseLogger,
  ) {
    if (smtpUrl) this.transport = nodemailer.createTransport(smtpUrl);
  }

  async enqueue(tx: Tx, tenantId: string, mail: OutgoingMail): Promise<string> {
    const [row] = await tx
      .insert(mailOutbox)
      .values({ tenantId, toAddress: mail.to, subject: mail.subject, body: mail.body, status: this.transport ? 'Queued' : 'Outbox' })
      .returning({ mailId: mailOutbox.mailId });
    const files = mail.attachments ?? [];
    if (files.reduce((n, f) => n + f.content.length, 0) > MAIL_ATTACHMENT_BYTES_MAX) throw new Error(`a mail's attachments may weigh at most ${MAIL_ATTACHMENT_BYTES_MAX} bytes`);
    if (files.length > 0) {
      await tx.insert(mailAttachments).values(files.map((f, n) => ({ tenantId, mailId: row!.mailId, n, fileName: f.fileName, contentType: f.contentType, content: f.content })));
    }
    return row!.mailId;
  }

  /** Delivers a queued mail; a failure is recorded on the row and logged, never thrown at the caller. */
  async deliver(db: Db, tenantId: string, mailId: string): Promise<void> {
    await withTenant(db, { tenantId, companies: [] }, async (tx) => {
      const [mail] = await tx
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.mailId, mailId)))
        .for('update');
      if (!mail) return;
      if (!this.transport) {
        this.log.info({ to: mail.toAddress, subject: mail.subject }, 'mail kept in the outbox (no SMTP configured)');
        return;
      }
      if (mail.status !== 'Queued') return;
      try {
        const files = await tx.select().from(mailAttachments)
          .where(and(eq(mailAttachments.tenantId, tenantId), eq(mailAttachments.mailId, mailId))).orderBy(mailAttachments.n);
        await this.transport.sendMail({
          from: this.from, to: mail.toAddress, subject: mail.subject, text: mail.body,
          attachments: files.map((f) => ({ filename: f.fileName, contentType: f.contentType, content: f.content })),
        });
        await tx.update(mailOutbox).set({ status: 'Sent', sentAt: new Date(), error: null })
          .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.mailId, mailId)));
      } catch (e) {
        const error = e instanceof Error ? e.message : String(e);
        this.log.error({ to: mail.toAddress, error }, 'mail delivery failed');
        await tx.update(mailOutbox).set({ status: 'Failed', error })
          .where(and(eq(mailOutbox.tenantId, tenantId), eq(mailOutbox.mailId, mailId)));
      }
    });
  }

  close(): void {
    this.transport?.close();
  }
}
