import { and, eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../db/client';
import { withTenant } from '../db/tenancy';
import { mailOutbox } from './mail.tables';

export type OutgoingMail = { to: string; subject: string; body: string };

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
        await this.transport.sendMail({ from: this.from, to: mail.toAddress, subject: mail.subject, text: mail.body });
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
