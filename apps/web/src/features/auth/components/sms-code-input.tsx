import { SMS_CODE_LENGTH } from '@cypher/contract';
import { Input, type InputProps } from '../../../ui/input.tsx';

/** The code in what was typed or pasted: its digits, at most six ("123 456", "123-456", " 123456 " read 123456). */
function smsCodeDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, SMS_CODE_LENGTH);
}

/**
 * UI: sign-in's SMS step (sms-code-step.tsx) and the two-factor dialog's code step (two-factor-dialog.tsx) ·
 * Tests: sign-in-page.test.tsx, account-security-page.test.tsx.
 *
 * The box for an SMS code: the numeric keypad, the code offered from the text message, and only digits kept. No
 * `maxLength`: the browser applies it to a paste before any script sees it, so "123 456" arrived as "123 45".
 * Spreads like any Input, with react-hook-form's `register()` or with `value` and `onChange`.
 */
export function SmsCodeInput({ onChange, ...rest }: Omit<InputProps, 'inputMode' | 'autoComplete' | 'pattern'>) {
  return (
    <Input
      {...rest}
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      onChange={(event) => {
        event.target.value = smsCodeDigits(event.target.value);
        onChange?.(event);
      }}
    />
  );
}
