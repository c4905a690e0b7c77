/** Sends a text message; throws `sms_failed` (424) when the provider refuses or cannot be reached. */
export interface SmsSender {
  send(to: string, text: string): Promise<void>;
}

/** `SMS_URL`, `SMS_API_KEY`, `SMS_SENDER`: an HTTP gateway; without them, files in DATA_DIR/sms-outbox. */
export type SmsConfig = { kind: 'http'; url: string; apiKey: string | null; sender: string | null } | { kind: 'outbox'; dir: string };
