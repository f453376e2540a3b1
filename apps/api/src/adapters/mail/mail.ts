/** The outside world for messages to people: email and SMS go through these ports, never straight to a provider. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /**
   * A stable name for this one message (`drop-reminder.<id>`), for senders that may send it again after a crash: the
   * dev mailbox keeps it once, and SMTP sends it as the Message-ID, by which mail services drop a repeat.
   */
  messageId?: string;
  /**
   * A list mail's one-click unsubscribe address (RFC 8058): SMTP sends it as List-Unsubscribe with
   * List-Unsubscribe-Post, so mail apps offer their own Unsubscribe button, which POSTs to it.
   */
  unsubscribeUrl?: string;
}

export interface Mailer {
  sendEmail(email: OutgoingEmail): Promise<void>;
}

interface OutgoingSms {
  to: string;
  text: string;
}

export interface SmsSender {
  sendSms(sms: OutgoingSms): Promise<void>;
}
