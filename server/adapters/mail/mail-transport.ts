import nodemailer from 'nodemailer';

export interface OutgoingEmail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Where queued emails go: an SMTP server in production, the database's dev outbox otherwise. */
export interface MailTransport {
  readonly kind: 'smtp' | 'dev-outbox';
  send(email: OutgoingEmail): Promise<void>;
  close(): void;
}

export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(email) {
      await transporter.sendMail({
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

/**
 * Without SMTP the outbox row itself is the delivered email: it stays in the database and the
 * development-only /dev/outbox page shows it, links included.
 */
export function devOutboxTransport(): MailTransport {
  return { kind: 'dev-outbox', send: async () => {}, close: () => {} };
}

export function mailTransportFor(config: { smtpUrl: string | undefined }): MailTransport {
  return config.smtpUrl ? smtpTransport(config.smtpUrl) : devOutboxTransport();
}
