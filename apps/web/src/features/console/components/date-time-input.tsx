import { Input, type InputProps } from '../../../ui/input.tsx';

/** ISO instant -> the `YYYY-MM-DDTHH:mm` a datetime-local input shows, in the operator's own time zone. */
function toLocalInputValue(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

interface DateTimeInputProps extends Omit<InputProps, 'value' | 'onChange' | 'type'> {
  value: string | null | undefined;
  onChange: (iso: string | null) => void;
}

/** A date and time picked in local time, kept as an ISO instant (what the API stores); empty means none. */
export function DateTimeInput({ value, onChange, ...rest }: DateTimeInputProps) {
  return (
    <Input
      {...rest}
      type="datetime-local"
      value={toLocalInputValue(value)}
      onChange={(event) => onChange(event.target.value ? new Date(event.target.value).toISOString() : null)}
    />
  );
}
