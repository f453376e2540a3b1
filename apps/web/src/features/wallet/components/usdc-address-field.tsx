import type { UseFormRegisterReturn } from 'react-hook-form';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import styles from '../payment-page.module.css';

/** A USDC (ERC-20) address, typed or pasted, as the withdrawal and the saved addresses take it. */
export function UsdcAddressField({ registration, error }: { registration: UseFormRegisterReturn; error?: string }) {
  return (
    <Field
      label="USDC wallet address"
      hint="An Ethereum (ERC-20) address: 0x followed by 40 characters. USDC sent to another network is lost."
      error={error}
      isRequired
    >
      {(props) => (
        <Input
          {...props}
          autoComplete="off"
          spellCheck={false}
          placeholder="0x…"
          className={styles.mono}
          {...registration}
        />
      )}
    </Field>
  );
}
