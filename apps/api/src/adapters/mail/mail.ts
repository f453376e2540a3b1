/** The outside world for messages to people: email and SMS go through these ports, never straight to a provider. */
export interface OutgoingEmail {
  to: string;
  subject: string;
  text: string;
  html?: string;
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
