import { createOutboxMailer } from './outbox';
import { createSmtpMailer } from './smtp';
import type { MailConfig, Mailer } from './types';

type Log = (line: string) => void;

/** One factory per `kind` of the mail config. */
const registry: { [K in MailConfig['kind']]: (config: Extract<MailConfig, { kind: K }>, log: Log) => Mailer } = {
  smtp: createSmtpMailer,
  outbox: createOutboxMailer,
};

/**
 * Mail through nodemailer: SMTP when configured, else an outbox folder, so a fresh `npm start`
 * can complete every flow that sends mail (the code, the invitation, the temporary password).
 */
export function createMailer(config: MailConfig, log: Log): Mailer {
  return (registry[config.kind] as (c: MailConfig, l: Log) => Mailer)(config, log);
}
