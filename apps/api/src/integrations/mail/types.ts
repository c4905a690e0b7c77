export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends one message, or throws `mail_failed` (424): the caller then leaves nothing half-made. */
  send(message: MailMessage): Promise<void>;
  /** Closes pooled SMTP connections (the app's shutdown): an idle pooled connection would keep the server waiting. */
  close(): void;
}

export type MailConfig =
  /** A real SMTP server (`SMTP_URL`, e.g. `smtp://user:pass@mail.example.com:587`). */
  | { kind: 'smtp'; url: string; from: string }
  /** No SMTP configured: every message becomes an `.eml` file in `dir` and its path is logged. */
  | { kind: 'outbox'; dir: string; from: string };
