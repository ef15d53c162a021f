import type { Transporter } from 'nodemailer';

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
  // Loaded on the first email, so a server that never sends mail does not carry nodemailer in memory.
  let transporter: Promise<Transporter> | undefined;
  const connect = () => {
    transporter ??= import('nodemailer').then((m) => m.default.createTransport(url));
    return transporter;
  };
  return {
    kind: 'smtp',
    async send(email) {
      await (await connect()).sendMail({
        from: email.from,
        to: email.to,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
      });
    },
    close: () => {
      void transporter?.then((t) => t.close());
    },
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
